import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';

import { Answers } from '../../http/openapi';
import { Access, CurrentUser, MemberMay,type SessionUser } from '../../identity';
import { ListCompanyWaivers } from './list-company-waivers.query';

@Controller()
@Access('company')
export class ListCompanyWaiversController {
  constructor(private readonly queryBus: QueryBus) {}

  @Answers(['CompanyWaiverView'])
  @MemberMay('read')
  @Get('waivers')
  handle(@CurrentUser() user: SessionUser) {
    return this.queryBus.execute(new ListCompanyWaivers(user));
  }
}
