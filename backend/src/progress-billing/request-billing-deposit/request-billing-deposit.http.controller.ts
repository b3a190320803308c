import { BILLING_MEMBER_ACTIONS } from '@escrow/domain';
import { Body, Controller, HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';

import { IdempotencyKey } from '../../command-side';
import { Answers } from '../../http/openapi';
import { ParseIdPipe } from '../../http/parse-id.pipe';
import { Access, CurrentUser, MemberMay, RequireVerifiedEmail, type SessionUser, StepUp } from '../../identity';
import { BillingDepositRequest } from '../billing-requests.dto';
import { RequestBillingDepositCommand } from './request-billing-deposit.command';

@Controller()
@Access('user')
export class RequestBillingDepositController {
  constructor(private readonly commandBus: CommandBus) {}

  /** Pending until the provider settles it; its funds clear after the ACH return window, and only cleared funds pay a pay application. */
  @Answers('BillingDepositView', HttpStatus.CREATED)
  @MemberMay(BILLING_MEMBER_ACTIONS.RequestBillingDeposit)
  @Post('job/:id/billing/deposits')
  @StepUp()
  @RequireVerifiedEmail()
  @HttpCode(201)
  deposit(
    @Param('id', ParseIdPipe) projectId: number,
    @Body() body: BillingDepositRequest,
    @CurrentUser() user: SessionUser,
    @IdempotencyKey() key: string | null,
  ) {
    return this.commandBus.execute(new RequestBillingDepositCommand(user, projectId, body.amount, key));
  }
}
