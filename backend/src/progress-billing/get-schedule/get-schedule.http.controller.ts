import { Controller, Get, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';

import { Answers } from '../../http/openapi';
import { ParseIdPipe } from '../../http/parse-id.pipe';
import { Access, CurrentUser, MemberMay, type SessionUser } from '../../identity';
import { GetSchedule } from './get-schedule.query';

@Controller()
@Access('user')
export class GetScheduleController {
  constructor(private readonly queryBus: QueryBus) {}

  @Answers('ProgressBillingView')
  @Get('job/:id/schedule')
  @MemberMay('read')
  handle(@Param('id', ParseIdPipe) projectId: number, @CurrentUser() user: SessionUser) {
    return this.queryBus.execute(new GetSchedule(user, projectId));
  }
}
