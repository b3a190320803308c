import { BILLING_MEMBER_ACTIONS } from '@escrow/domain';
import { Body, Controller, HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';

import { IdempotencyKey } from '../../command-side';
import { Answers } from '../../http/openapi';
import { ParseIdPipe } from '../../http/parse-id.pipe';
import { Access, CurrentUser, MemberMay, type SessionUser } from '../../identity';
import { ProposeScheduleRequest, scheduleLineInput } from '../billing-requests.dto';
import { ProposeScheduleCommand } from './propose-schedule.command';

@Controller()
@Access('user')
export class ProposeScheduleController {
  constructor(private readonly commandBus: CommandBus) {}

  @Answers('ProgressBillingView', HttpStatus.CREATED)
  @Post('job/:id/schedule')
  @MemberMay(BILLING_MEMBER_ACTIONS.ProposeSchedule)
  @HttpCode(201)
  handle(
    @Param('id', ParseIdPipe) projectId: number,
    @Body() body: ProposeScheduleRequest,
    @CurrentUser() user: SessionUser,
    @IdempotencyKey() key: string | null,
  ) {
    return this.commandBus.execute(new ProposeScheduleCommand(user, projectId, body.based_on_version_id ?? null, body.lines.map(scheduleLineInput), key));
  }
}
