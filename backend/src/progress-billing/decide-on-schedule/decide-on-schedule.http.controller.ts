import { BILLING_MEMBER_ACTIONS } from '@escrow/domain';
import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';

import { IdempotencyKey } from '../../command-side';
import { Answers } from '../../http/openapi';
import { ParseIdPipe } from '../../http/parse-id.pipe';
import { Access, CurrentUser, MemberMay, type SessionUser } from '../../identity';
import { ReasonRequest } from '../billing-requests.dto';
import { DecideOnSchedule } from './decide-on-schedule.command';

/** The buyer's answer to a proposed version of the schedule of values. */
@Controller()
@Access('user')
export class DecideOnScheduleController {
  constructor(private readonly commandBus: CommandBus) {}

  @Answers('ProgressBillingView')
  @Post('job/:id/schedule/:versionId/approve')
  @MemberMay(BILLING_MEMBER_ACTIONS.ApproveSchedule)
  @HttpCode(200)
  approve(
    @Param('id', ParseIdPipe) projectId: number,
    @Param('versionId', ParseIdPipe) versionId: number,
    @CurrentUser() user: SessionUser,
    @IdempotencyKey() key: string | null,
  ) {
    return this.commandBus.execute(new DecideOnSchedule(user, projectId, versionId, 'approve', null, key));
  }

  @Answers('ProgressBillingView')
  @Post('job/:id/schedule/:versionId/reject')
  @MemberMay(BILLING_MEMBER_ACTIONS.RejectSchedule)
  @HttpCode(200)
  reject(
    @Param('id', ParseIdPipe) projectId: number,
    @Param('versionId', ParseIdPipe) versionId: number,
    @Body() body: ReasonRequest,
    @CurrentUser() user: SessionUser,
    @IdempotencyKey() key: string | null,
  ) {
    return this.commandBus.execute(new DecideOnSchedule(user, projectId, versionId, 'reject', body.reason ?? null, key));
  }
}
