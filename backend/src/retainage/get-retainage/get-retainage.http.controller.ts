import { Controller, Get, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';

import { Answers } from '../../http/openapi';
import { ParseIdPipe } from '../../http/parse-id.pipe';
import { Access, CurrentUser, MemberMay,type SessionUser } from '../../identity';
import { GetRetainage } from '../retainage.query';

@Controller()
@Access('user')
export class GetRetainageController {
  constructor(private readonly queryBus: QueryBus) {}

  @Answers('RetainageView')
  @MemberMay('read')
  @Get('job/:id/retainage')
  handle(@Param('id', ParseIdPipe) projectId: number, @CurrentUser() user: SessionUser) {
    return this.queryBus.execute(new GetRetainage(user, projectId));
  }
}
