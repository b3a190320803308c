import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';

import { IdempotencyKey } from '../../command-side';
import { Answers } from '../../http/openapi';
import { ParseIdPipe } from '../../http/parse-id.pipe';
import { Access, AdminRoles, CurrentUser, FINANCE_ROLES, type SessionUser, StepUp } from '../../identity';
import { DecideOnResolution } from './decide-on-resolution.command';
import { DecideOnResolutionRequest } from './decide-on-resolution.request.dto';

/** Four eyes on large resolutions: beside POST …/dispute/resolve. */
@Controller('admin')
@Access('admin')
@AdminRoles(...FINANCE_ROLES)
@StepUp()
export class DecideOnResolutionController {
  constructor(private readonly commandBus: CommandBus) {}

  @Answers('MilestoneView')
  @Post('milestones/:id/dispute/resolution/approve')
  @HttpCode(200)
  approve(
    @Param('id', ParseIdPipe) versionId: number,
    @Body() body: DecideOnResolutionRequest,
    @CurrentUser() user: SessionUser,
    @IdempotencyKey() key: string | null,
  ) {
    return this.commandBus.execute(new DecideOnResolution(user, versionId, 'approve', body.proposal_id ?? null, '', key));
  }

  @Answers('MilestoneView')
  @Post('milestones/:id/dispute/resolution/reject')
  @HttpCode(200)
  reject(
    @Param('id', ParseIdPipe) versionId: number,
    @Body() body: DecideOnResolutionRequest,
    @CurrentUser() user: SessionUser,
    @IdempotencyKey() key: string | null,
  ) {
    return this.commandBus.execute(new DecideOnResolution(user, versionId, 'reject', body.proposal_id ?? null, body.note ?? '', key));
  }
}
