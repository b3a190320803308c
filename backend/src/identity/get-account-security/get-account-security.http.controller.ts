import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';

import { Answers } from '../../http/openapi';
import { Access, CurrentUser, MemberMay } from '../access.decorators';
import type { SessionUser } from '../session-user';
import { GetAccountSecurity } from './get-account-security.query';

@Controller('account')
@Access('user')
export class GetAccountSecurityController {
  constructor(private readonly queryBus: QueryBus) {}

  @Answers('AccountSecurity')
  @MemberMay('own_account')
  @Get('security')
  get(@CurrentUser() user: SessionUser) {
    return this.queryBus.execute(new GetAccountSecurity(user));
  }
}
