import type { EmailConfirmed } from '@escrow/domain';
import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyRequest } from 'fastify';

import { Answers } from '../../http/openapi';
import { CurrentUser } from '../access.decorators';
import { callerOf } from '../caller';
import type { SessionUser } from '../session-user';
import { LinkCodeRequest } from '../shared-requests.dto';
import { ConfirmEmailChange } from './confirm-email-change.command';

@Controller()
export class ConfirmEmailChangeController {
  constructor(private readonly commandBus: CommandBus) {}

  @Answers('EmailConfirmed')
  @Post('auth/email/confirm')
  @HttpCode(200)
  confirm(@Body() body: LinkCodeRequest, @CurrentUser() user: SessionUser | null, @Req() request: FastifyRequest): Promise<EmailConfirmed> {
    return this.commandBus.execute(new ConfirmEmailChange(body.code, callerOf(request), user));
  }
}
