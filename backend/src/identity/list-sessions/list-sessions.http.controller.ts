import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';

import { Answers } from '../../http/openapi';
import { Access, CurrentUser, MemberMay } from '../access.decorators';
import type { SessionUser } from '../session-user';
import { ListSessions } from './list-sessions.query';

@Controller('account')
@Access('user')
export class ListSessionsController {
  constructor(private readonly queryBus: QueryBus) {}

  @Answers(['AccountSession'])
  @MemberMay('own_account')
  @Get('sessions')
  list(@CurrentUser() user: SessionUser) {
    return this.queryBus.execute(new ListSessions(user));
  }
}
