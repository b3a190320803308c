import type { MessageAnswer } from '@escrow/domain';
import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyRequest } from 'fastify';

import { Answers } from '../../http/openapi';
import { RequestPasswordReset } from './request-password-reset.command';
import { ForgotPasswordRequest } from './request-password-reset.request.dto';

@Controller()
export class RequestPasswordResetController {
  constructor(private readonly commandBus: CommandBus) {}

  @Answers('MessageAnswer')
  @Post('user/password/forgot')
  @HttpCode(200)
  request(@Body() body: ForgotPasswordRequest, @Req() request: FastifyRequest): Promise<MessageAnswer> {
    return this.commandBus.execute(new RequestPasswordReset(body.email, request.ip));
  }
}
