import type { MessageAnswer } from '@escrow/domain';
import { Controller, Delete, HttpCode, Param, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyRequest } from 'fastify';

import { Answers } from '../../http/openapi';
import { ParseIdPipe } from '../../http/parse-id.pipe';
import { Access, CurrentUser, MemberMay } from '../access.decorators';
import { callerOf } from '../caller';
import type { SessionUser } from '../session-user';
import { EndSession } from './end-session.command';

@Controller('account')
@Access('user')
export class EndSessionController {
  constructor(private readonly commandBus: CommandBus) {}

  @Answers('MessageAnswer')
  @MemberMay('own_account')
  @Delete('sessions/:id')
  @HttpCode(200)
  end(@Param('id', ParseIdPipe) sessionId: number, @CurrentUser() user: SessionUser, @Req() request: FastifyRequest): Promise<MessageAnswer> {
    return this.commandBus.execute(new EndSession(user, sessionId, callerOf(request)));
  }
}
