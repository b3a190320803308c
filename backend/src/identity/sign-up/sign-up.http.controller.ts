import { Body, Controller, HttpCode, HttpStatus, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyReply, FastifyRequest } from 'fastify';

import { Answers } from '../../http/openapi';
import { callerOf } from '../caller';
import { cookiesOf, LoginCookies } from '../login-cookies';
import type { UserObject } from '../session-user';
import { SignUp } from './sign-up.command';
import { SignupRequest } from './sign-up.request.dto';

@Controller()
export class SignUpController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly cookies: LoginCookies,
  ) {}

  @Answers('UserObject', HttpStatus.CREATED)
  @Post('auth/signup')
  @HttpCode(201)
  signUp(@Body() body: SignupRequest, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<UserObject> {
    const command = new SignUp(body.first_name, body.last_name, body.phone, body.email, body.password, callerOf(request), cookiesOf(request).session);
    return this.cookies.answer(request, reply, this.commandBus.execute(command));
  }
}
