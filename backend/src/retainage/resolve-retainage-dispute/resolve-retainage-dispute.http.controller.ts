import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';

import { IdempotencyKey, OwnWrites } from '../../command-side';
import { Answers } from '../../http/openapi';
import { ParseIdPipe } from '../../http/parse-id.pipe';
import { Access, CurrentUser, type SessionUser, StepUp } from '../../identity';
import { GetRetainage } from '../retainage.query';
import { ResolveRetainageDispute } from './resolve-retainage-dispute.command';
import { ResolveRetainageDisputeRequest } from './resolve-retainage-dispute.request.dto';

@Controller('admin')
@Access('admin')
export class ResolveRetainageDisputeController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
    private readonly ownWrites: OwnWrites,
  ) {}

  @Answers('RetainageView')
  @Post('job/:id/retainage/resolve')
  @StepUp()
  @HttpCode(200)
  async resolve(
    @Param('id', ParseIdPipe) jobId: number,
    @Body() body: ResolveRetainageDisputeRequest,
    @CurrentUser() user: SessionUser,
    @IdempotencyKey() key: string | null,
  ) {
    await this.commandBus.execute(new ResolveRetainageDispute(user, jobId, body.resolution, body.note ?? '', key));
    await this.ownWrites.readable(); // the answer is read from the read models
    return this.queryBus.execute(new GetRetainage(user, jobId));
  }
}
