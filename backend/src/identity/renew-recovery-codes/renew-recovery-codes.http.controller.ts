import type { RecoveryCodes } from '@escrow/domain';
import { Controller, HttpCode, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyRequest } from 'fastify';

import { Answers } from '../../http/openapi';
import { Access, CurrentUser, MemberMay } from '../access.decorators';
import { callerOf } from '../caller';
import type { SessionUser } from '../session-user';
import { StepUp } from '../step-up.decorators';
import { RenewRecoveryCodes } from './renew-recovery-codes.command';

@Controller('account')
@Access('user')
export class RenewRecoveryCodesController {
  constructor(private readonly commandBus: CommandBus) {}

  @Answers('RecoveryCodes')
  @MemberMay('own_account')
  @Post('recovery-codes')
  @StepUp()
  @HttpCode(200)
  renew(@CurrentUser() user: SessionUser, @Req() request: FastifyRequest): Promise<RecoveryCodes> {
    return this.commandBus.execute(new RenewRecoveryCodes(user, callerOf(request)));
  }
}
