import type { MessageAnswer } from '@escrow/domain';
import { Body, Controller, HttpCode, Put, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyRequest } from 'fastify';

import { Answers } from '../../http/openapi';
import { Access, CurrentUser, MemberMay } from '../access.decorators';
import { callerOf } from '../caller';
import type { SessionUser } from '../session-user';
import { StepUp } from '../step-up.decorators';
import { ChangeEmail } from './change-email.command';
import { ChangeEmailRequest } from './change-email.request.dto';

@Controller('account')
@Access('user')
export class ChangeEmailController {
  constructor(private readonly commandBus: CommandBus) {}

  @Answers('MessageAnswer')
  @MemberMay('own_account')
  @Put('email')
  @StepUp()
  @HttpCode(200)
  change(@Body() body: ChangeEmailRequest, @CurrentUser() user: SessionUser, @Req() request: FastifyRequest): Promise<MessageAnswer> {
    return this.commandBus.execute(new ChangeEmail(user, body.email, callerOf(request)));
  }
}
