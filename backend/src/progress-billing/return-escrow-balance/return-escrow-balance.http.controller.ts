import { BILLING_MEMBER_ACTIONS } from '@escrow/domain';
import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';

import { IdempotencyKey } from '../../command-side';
import { Answers } from '../../http/openapi';
import { ParseIdPipe } from '../../http/parse-id.pipe';
import { Access, CurrentUser, MemberMay, RequireVerifiedEmail, type SessionUser, StepUp } from '../../identity';
import { BalanceReturnRequest, ReasonRequest } from '../billing-requests.dto';
import { ReturnEscrowBalance } from './return-escrow-balance.command';

/**
 * The return of escrow funds the contract no longer needs (docs/progress-billing.md#returning-unused-funds).
 * The buyer's request and the seller's approval move money, so both need a step-up and take an
 * Idempotency-Key (a retried or parallel copy returns once); a decline moves nothing.
 */
@Controller()
@Access('user')
export class ReturnEscrowBalanceController {
  constructor(private readonly commandBus: CommandBus) {}

  @Answers('ProgressBillingView', 201)
  @MemberMay(BILLING_MEMBER_ACTIONS.RequestBillingBalanceReturn)
  @Post('job/:id/billing/balance-returns')
  @StepUp()
  @RequireVerifiedEmail()
  @HttpCode(201)
  request(
    @Param('id', ParseIdPipe) projectId: number,
    @Body() body: BalanceReturnRequest,
    @CurrentUser() user: SessionUser,
    @IdempotencyKey() key: string | null,
  ) {
    return this.commandBus.execute(new ReturnEscrowBalance(user, projectId, { action: 'request', amount: body.amount }, key));
  }

  @Answers('ProgressBillingView')
  @MemberMay(BILLING_MEMBER_ACTIONS.ApproveBillingBalanceReturn)
  @Post('job/:id/billing/balance-returns/:returnId/approve')
  @StepUp()
  @HttpCode(200)
  approve(
    @Param('id', ParseIdPipe) projectId: number,
    @Param('returnId', ParseIdPipe) returnId: number,
    @CurrentUser() user: SessionUser,
    @IdempotencyKey() key: string | null,
  ) {
    return this.commandBus.execute(new ReturnEscrowBalance(user, projectId, { action: 'approve', returnId }, key));
  }

  @Answers('ProgressBillingView')
  @MemberMay(BILLING_MEMBER_ACTIONS.DeclineBillingBalanceReturn)
  @Post('job/:id/billing/balance-returns/:returnId/decline')
  @HttpCode(200)
  decline(
    @Param('id', ParseIdPipe) projectId: number,
    @Param('returnId', ParseIdPipe) returnId: number,
    @Body() body: ReasonRequest,
    @CurrentUser() user: SessionUser,
    @IdempotencyKey() key: string | null,
  ) {
    return this.commandBus.execute(new ReturnEscrowBalance(user, projectId, { action: 'decline', returnId, reason: body.reason ?? null }, key));
  }
}
