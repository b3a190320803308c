import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';

import { IdempotencyKey, OwnWrites } from '../../command-side';
import { Answers } from '../../http/openapi';
import { ParseIdPipe } from '../../http/parse-id.pipe';
import { Access, AdminRoles, CurrentUser, FINANCE_ROLES, type SessionUser, StepUp } from '../../identity';
import { GetRetainage } from '../retainage.query';
import { DecideOnRetainageResolution } from './decide-on-retainage-resolution.command';
import { DecideOnRetainageResolutionRequest } from './decide-on-retainage-resolution.request.dto';

/** Four eyes on large retainage resolutions: beside POST …/retainage/resolve. */
@Controller('admin')
@Access('admin')
@AdminRoles(...FINANCE_ROLES)
@StepUp()
export class DecideOnRetainageResolutionController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
    private readonly ownWrites: OwnWrites,
  ) {}

  @Answers('RetainageView')
  @Post('job/:id/retainage/resolution/approve')
  @HttpCode(200)
  async approve(
    @Param('id', ParseIdPipe) projectId: number,
    @Body() body: DecideOnRetainageResolutionRequest,
    @CurrentUser() user: SessionUser,
    @IdempotencyKey() key: string | null,
  ) {
    await this.commandBus.execute(new DecideOnRetainageResolution(user, projectId, 'approve', body.proposal_id ?? null, '', key));
    await this.ownWrites.readable();
    return this.queryBus.execute(new GetRetainage(user, projectId));
  }

  @Answers('RetainageView')
  @Post('job/:id/retainage/resolution/reject')
  @HttpCode(200)
  async reject(
    @Param('id', ParseIdPipe) projectId: number,
    @Body() body: DecideOnRetainageResolutionRequest,
    @CurrentUser() user: SessionUser,
    @IdempotencyKey() key: string | null,
  ) {
    await this.commandBus.execute(new DecideOnRetainageResolution(user, projectId, 'reject', body.proposal_id ?? null, body.note ?? '', key));
    await this.ownWrites.readable();
    return this.queryBus.execute(new GetRetainage(user, projectId));
  }
}
