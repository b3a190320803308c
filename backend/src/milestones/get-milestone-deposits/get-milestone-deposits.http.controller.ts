import { Controller, Get, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';

import { Answers } from '../../http/openapi';
import { ParseIdPipe } from '../../http/parse-id.pipe';
import { Access, CurrentUser, MemberMay,type SessionUser } from '../../identity';
import { GetMilestoneDeposits } from './get-milestone-deposits.query';

@Controller()
@Access('user')
export class GetMilestoneDepositsController {
  constructor(private readonly queryBus: QueryBus) {}

  @Answers(['DepositView'])
  @MemberMay('read')
  @Get('milestone/:id/deposits')
  get(@Param('id', ParseIdPipe) id: number, @CurrentUser() user: SessionUser) {
    return this.queryBus.execute(new GetMilestoneDeposits(user, id));
  }
}
