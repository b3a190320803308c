import { Controller, Get, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';

import { Answers } from '../../http/openapi';
import { Access, CurrentUser, MemberMay } from '../access.decorators';
import { pageNumber } from '../page-number';
import type { SessionUser } from '../session-user';
import { GetSecurityLog } from './get-security-log.query';

@Controller('account')
@Access('user')
export class GetSecurityLogController {
  constructor(private readonly queryBus: QueryBus) {}

  @Answers('SecurityLogPage')
  @MemberMay('own_account')
  @Get('security-log')
  get(@CurrentUser() user: SessionUser, @Query('page') page?: string) {
    return this.queryBus.execute(new GetSecurityLog(user, pageNumber(page)));
  }
}
