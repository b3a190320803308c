import type { TotpConfirmed } from '@escrow/domain';
import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyRequest } from 'fastify';

import { Answers } from '../../http/openapi';
import { Access, CurrentUser, MemberMay } from '../access.decorators';
import { callerOf } from '../caller';
import type { SessionUser } from '../session-user';
import { SecondFactorCodeRequest } from '../shared-requests.dto';
import { EnrolsFirstFactor, StepUp } from '../step-up.decorators';
import { ConfirmTotp } from './confirm-totp.command';

@Controller('account')
@Access('user')
export class ConfirmTotpController {
  constructor(private readonly commandBus: CommandBus) {}

  @Answers('TotpConfirmed')
  @MemberMay('own_account')
  @Post('totp')
  @StepUp()
  @EnrolsFirstFactor()
  @HttpCode(200)
  confirm(@Body() body: SecondFactorCodeRequest, @CurrentUser() user: SessionUser, @Req() request: FastifyRequest): Promise<TotpConfirmed> {
    return this.commandBus.execute(new ConfirmTotp(user, body.code, callerOf(request)));
  }
}
