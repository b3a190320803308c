import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';

import { IdempotencyKey } from '../../command-side';
import { Answers } from '../../http/openapi';
import { ParseIdPipe } from '../../http/parse-id.pipe';
import { Access, CurrentUser, type SessionUser, StepUp } from '../../identity';
import { ResolveDispute } from './resolve-dispute.command';
import { ResolveDisputeRequest } from './resolve-dispute.request.dto';

@Controller('admin')
@Access('admin')
export class ResolveDisputeController {
  constructor(private readonly commandBus: CommandBus) {}

  @Answers('MilestoneView')
  @Post('milestones/:id/dispute/resolve')
  @StepUp()
  @HttpCode(200)
  async resolve(
    @Param('id', ParseIdPipe) versionId: number,
    @Body() body: ResolveDisputeRequest,
    @CurrentUser() user: SessionUser,
    @IdempotencyKey() key: string | null,
  ) {
    const refund = body.refund_amount === undefined || body.refund_amount === null ? null : String(body.refund_amount);
    return this.commandBus.execute(new ResolveDispute(user, versionId, body.resolution, refund, body.note ?? '', key));
  }
}
