import { BILLING_MEMBER_ACTIONS } from '@escrow/domain';
import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';

import { IdempotencyKey } from '../../command-side';
import { Answers } from '../../http/openapi';
import { ParseIdPipe } from '../../http/parse-id.pipe';
import { Access, CurrentUser, MemberMay, type SessionUser, StepUpIfBuyerOf } from '../../identity';
import { DecideOnBillingRetainage } from './decide-on-billing-retainage.command';

/**
 * The retainage release of a progress-billed project, shaped as the milestone project's
 * (`POST …/retainage/request`, `/approve`): whichever step is the buyer's is its consent to let
 * the retainage go, so it needs the buyer's step-up (docs/security.md); the seller's step makes
 * the release happen only with the buyer's.
 */
@Controller()
@Access('user')
export class DecideOnBillingRetainageController {
  constructor(private readonly commandBus: CommandBus) {}

  @Answers('ProgressBillingView')
  @MemberMay(BILLING_MEMBER_ACTIONS.RequestBillingRetainageRelease)
  @Post('job/:id/billing/retainage/request')
  @StepUpIfBuyerOf('project')
  @HttpCode(200)
  request(@Param('id', ParseIdPipe) projectId: number, @CurrentUser() user: SessionUser, @IdempotencyKey() key: string | null) {
    return this.commandBus.execute(new DecideOnBillingRetainage(user, projectId, 'request', key));
  }

  @Answers('ProgressBillingView')
  @MemberMay(BILLING_MEMBER_ACTIONS.ApproveBillingRetainageRelease)
  @Post('job/:id/billing/retainage/approve')
  @StepUpIfBuyerOf('project')
  @HttpCode(200)
  approve(@Param('id', ParseIdPipe) projectId: number, @CurrentUser() user: SessionUser, @IdempotencyKey() key: string | null) {
    return this.commandBus.execute(new DecideOnBillingRetainage(user, projectId, 'approve', key));
  }
}
