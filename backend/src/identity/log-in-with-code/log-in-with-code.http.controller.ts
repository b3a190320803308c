import { Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyReply, FastifyRequest } from 'fastify';

import { Answers } from '../../http/openapi';
import { callerOf } from '../caller';
import { cookiesOf, LoginCookies } from '../login-cookies';
import type { UserObject } from '../session-user';
import { SecondFactorCodeRequest } from '../shared-requests.dto';
import { LogInWithCode } from './log-in-with-code.command';

@Controller()
export class LogInWithCodeController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly cookies: LoginCookies,
  ) {}

  @Answers('UserObject')
  @Post('auth/login/second-factor')
  @HttpCode(200)
  logIn(@Body() body: SecondFactorCodeRequest, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<UserObject> {
    return this.cookies.answer(request, reply, this.commandBus.execute(new LogInWithCode(body.code, callerOf(request), cookiesOf(request))));
  }
}
