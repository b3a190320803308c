import { Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyReply, FastifyRequest } from 'fastify';

import { Answers } from '../../http/openapi';
import { callerOf } from '../caller';
import { cookiesOf, LoginCookies } from '../login-cookies';
import type { UserObject } from '../session-user';
import { PasskeyResponseRequest } from '../shared-requests.dto';
import { LogInWithPasskey } from './log-in-with-passkey.command';

@Controller()
export class LogInWithPasskeyController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly cookies: LoginCookies,
  ) {}

  @Answers('UserObject')
  @Post('auth/passkey/login')
  @HttpCode(200)
  logIn(@Body() body: PasskeyResponseRequest, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<UserObject> {
    return this.cookies.answer(request, reply, this.commandBus.execute(new LogInWithPasskey(body.response, callerOf(request), cookiesOf(request))));
  }
}
