import type { MessageAnswer } from '@escrow/domain';
import { Controller, Delete, HttpCode, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyRequest } from 'fastify';

import { Answers } from '../../http/openapi';
import { Access, CurrentUser, MemberMay } from '../access.decorators';
import { callerOf } from '../caller';
import type { SessionUser } from '../session-user';
import { StepUp } from '../step-up.decorators';
import { RemoveRecoveryCodes } from './remove-recovery-codes.command';

@Controller('account')
@Access('user')
export class RemoveRecoveryCodesController {
  constructor(private readonly commandBus: CommandBus) {}

  @Answers('MessageAnswer')
  @MemberMay('own_account')
  @Delete('recovery-codes')
  @StepUp()
  @HttpCode(200)
  remove(@CurrentUser() user: SessionUser, @Req() request: FastifyRequest): Promise<MessageAnswer> {
    return this.commandBus.execute(new RemoveRecoveryCodes(user, callerOf(request)));
  }
}
