import { Body, Controller, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyReply, FastifyRequest } from 'fastify';

import { Answers } from '../../http/openapi';
import { callerOf } from '../caller';
import { cookiesOf, LoginCookies } from '../login-cookies';
import type { UserObject } from '../session-user';
import { AcceptInvitation } from './accept-invitation.command';
import { AcceptInvitationRequest } from './accept-invitation.request.dto';

@Controller()
export class AcceptInvitationController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly cookies: LoginCookies,
  ) {}

  @Answers('UserObject')
  @Post('auth/invite/:hash')
  @HttpCode(200)
  accept(
    @Param('hash') hash: string,
    @Body() body: AcceptInvitationRequest,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<UserObject> {
    const command = new AcceptInvitation(hash, body.password, callerOf(request), cookiesOf(request).session);
    return this.cookies.answer(request, reply, this.commandBus.execute(command));
  }
}
