import type { MessageAnswer } from '@escrow/domain';
import { Controller, HttpCode, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyRequest } from 'fastify';

import { Answers } from '../../http/openapi';
import { Access, CurrentUser, MemberMay } from '../access.decorators';
import { callerOf } from '../caller';
import type { SessionUser } from '../session-user';
import { ResendEmailVerification } from './resend-email-verification.command';

@Controller('account')
@Access('user')
export class ResendEmailVerificationController {
  constructor(private readonly commandBus: CommandBus) {}

  @Answers('MessageAnswer')
  @MemberMay('own_account')
  @Post('email/verification')
  @HttpCode(200)
  resend(@CurrentUser() user: SessionUser, @Req() request: FastifyRequest): Promise<MessageAnswer> {
    return this.commandBus.execute(new ResendEmailVerification(user, callerOf(request)));
  }
}
