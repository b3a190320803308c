import type { SessionsEnded } from '@escrow/domain';
import { Controller, Delete, HttpCode, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyRequest } from 'fastify';

import { Answers } from '../../http/openapi';
import { Access, CurrentUser, MemberMay } from '../access.decorators';
import { callerOf } from '../caller';
import type { SessionUser } from '../session-user';
import { EndOtherSessions } from './end-other-sessions.command';

@Controller('account')
@Access('user')
export class EndOtherSessionsController {
  constructor(private readonly commandBus: CommandBus) {}

  @Answers('SessionsEnded')
  @MemberMay('own_account')
  @Delete('sessions')
  @HttpCode(200)
  end(@CurrentUser() user: SessionUser, @Req() request: FastifyRequest): Promise<SessionsEnded> {
    return this.commandBus.execute(new EndOtherSessions(user, callerOf(request)));
  }
}
