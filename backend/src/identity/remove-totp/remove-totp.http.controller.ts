import type { MessageAnswer } from '@escrow/domain';
import { Controller, Delete, HttpCode, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyRequest } from 'fastify';

import { Answers } from '../../http/openapi';
import { Access, CurrentUser, MemberMay } from '../access.decorators';
import { callerOf } from '../caller';
import type { SessionUser } from '../session-user';
import { StepUp } from '../step-up.decorators';
import { RemoveTotp } from './remove-totp.command';

@Controller('account')
@Access('user')
export class RemoveTotpController {
  constructor(private readonly commandBus: CommandBus) {}

  @Answers('MessageAnswer')
  @MemberMay('own_account')
  @Delete('totp')
  @StepUp()
  @HttpCode(200)
  remove(@CurrentUser() user: SessionUser, @Req() request: FastifyRequest): Promise<MessageAnswer> {
    return this.commandBus.execute(new RemoveTotp(user, callerOf(request)));
  }
}
