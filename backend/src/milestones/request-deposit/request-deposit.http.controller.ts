import { Body, Controller, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';

import { IdempotencyKey } from '../../command-side';
import { Answers } from '../../http/openapi';
import { Access, CurrentUser, MemberMay,RequireVerifiedEmail, type SessionUser, StepUp } from '../../identity';
import { DepositRequest } from '../milestone-requests.dto';
import { RequestDeposit } from './request-deposit.command';

@Controller()
@Access('user')
export class RequestDepositController {
  constructor(private readonly commandBus: CommandBus) {}

  /** Pending until the provider settles it; its funds clear after the ACH return window. */
  @Answers('DepositView', HttpStatus.CREATED)
  @MemberMay('payments.act')
  @Post('milestone/deposit')
  @StepUp()
  @RequireVerifiedEmail()
  @HttpCode(201)
  deposit(@Body() body: DepositRequest, @CurrentUser() user: SessionUser, @IdempotencyKey() key: string | null) {
    return this.commandBus.execute(new RequestDeposit(user, body.milestone_id, key));
  }
}
