import type { SecondFactorRequired } from '@escrow/domain';
import { Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyReply, FastifyRequest } from 'fastify';

import { Answers } from '../../http/openapi';
import { callerOf } from '../caller';
import { cookiesOf, LoginCookies } from '../login-cookies';
import type { UserObject } from '../session-user';
import { LogIn } from './log-in.command';
import { LoginRequest } from './log-in.request.dto';

@Controller()
export class LogInController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly cookies: LoginCookies,
  ) {}

  @Answers({ oneOf: ['UserObject', 'SecondFactorRequired'] })
  @Post('auth/login')
  @HttpCode(200)
  logIn(
    @Body() body: LoginRequest,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<UserObject | SecondFactorRequired> {
    return this.cookies.answer(request, reply, this.commandBus.execute(new LogIn(body.email, body.password, callerOf(request), cookiesOf(request))));
  }
}
