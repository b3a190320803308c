import type { MessageAnswer } from '@escrow/domain';
import { Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyReply, FastifyRequest } from 'fastify';

import { Answers } from '../../http/openapi';
import { cookiesOf, LoginCookies } from '../login-cookies';
import { LogOut } from './log-out.command';

@Controller()
export class LogOutController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly cookies: LoginCookies,
  ) {}

  @Answers('MessageAnswer')
  @Post('auth/logout')
  @HttpCode(200)
  logOut(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<MessageAnswer> {
    return this.cookies.answer(request, reply, this.commandBus.execute(new LogOut(cookiesOf(request).session)));
  }
}
