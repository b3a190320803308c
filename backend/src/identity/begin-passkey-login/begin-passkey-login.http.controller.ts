import type { PasskeySignInChallenge } from '@escrow/domain';
import { Controller, HttpCode, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyRequest } from 'fastify';

import { Answers } from '../../http/openapi';
import { cookiesOf } from '../login-cookies';
import { BeginPasskeyLogin } from './begin-passkey-login.command';

@Controller()
export class BeginPasskeyLoginController {
  constructor(private readonly commandBus: CommandBus) {}

  @Answers('PasskeySignInChallenge')
  @Post('auth/passkey/options')
  @HttpCode(200)
  begin(@Req() request: FastifyRequest): Promise<PasskeySignInChallenge> {
    return this.commandBus.execute(new BeginPasskeyLogin(request.ip, cookiesOf(request).pendingLogin));
  }
}
