import type { EmailVerified } from '@escrow/domain';
import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyRequest } from 'fastify';

import { Answers } from '../../http/openapi';
import { callerOf } from '../caller';
import { LinkCodeRequest } from '../shared-requests.dto';
import { VerifyEmail } from './verify-email.command';

@Controller()
export class VerifyEmailController {
  constructor(private readonly commandBus: CommandBus) {}

  @Answers('EmailVerified')
  @Post('auth/email/verify')
  @HttpCode(200)
  verify(@Body() body: LinkCodeRequest, @Req() request: FastifyRequest): Promise<EmailVerified> {
    return this.commandBus.execute(new VerifyEmail(body.code, callerOf(request)));
  }
}
