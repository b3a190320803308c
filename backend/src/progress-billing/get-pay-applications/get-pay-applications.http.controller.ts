import { Controller, Get, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';

import { Answers } from '../../http/openapi';
import { ParseIdPipe } from '../../http/parse-id.pipe';
import { Access, CurrentUser, MemberMay, type SessionUser } from '../../identity';
import { GetPayApplication, ListPayApplications } from './get-pay-applications.query';

@Controller()
@Access('user')
export class GetPayApplicationsController {
  constructor(private readonly queryBus: QueryBus) {}

  @Answers(['PayApplicationListItem'])
  @Get('job/:id/pay-applications')
  @MemberMay('read')
  list(@Param('id', ParseIdPipe) projectId: number, @CurrentUser() user: SessionUser) {
    return this.queryBus.execute(new ListPayApplications(user, projectId));
  }

  @Answers('PayApplicationView')
  @Get('job/:id/pay-applications/:number')
  @MemberMay('read')
  one(@Param('id', ParseIdPipe) projectId: number, @Param('number', ParseIdPipe) applicationNumber: number, @CurrentUser() user: SessionUser) {
    return this.queryBus.execute(new GetPayApplication(user, projectId, applicationNumber));
  }
}
