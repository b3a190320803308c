import { Controller, Get, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';

import { Answers } from '../../http/openapi';
import { ParseIdPipe } from '../../http/parse-id.pipe';
import { Access, CurrentUser, MemberMay,type SessionUser } from '../../identity';
import { GetMilestonePayees } from './get-milestone-payees.query';

@Controller()
@Access('user')
export class GetMilestonePayeesController {
  constructor(private readonly queryBus: QueryBus) {}

  @Answers(['PayeeView'])
  @MemberMay('read')
  @Get('milestone/:id/payees')
  get(@Param('id', ParseIdPipe) id: number, @CurrentUser() user: SessionUser) {
    return this.queryBus.execute(new GetMilestonePayees(user, id));
  }
}
