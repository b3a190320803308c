import { BILLING_MEMBER_ACTIONS } from '@escrow/domain';
import { Body, Controller, Delete, HttpCode, Param, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';

import { IdempotencyKey } from '../../command-side';
import { Answers } from '../../http/openapi';
import { ParseIdPipe } from '../../http/parse-id.pipe';
import { Access, CurrentUser, MemberMay, type SessionUser, StepUpIfBuyerOf } from '../../identity';
import { CertifierRequest } from '../billing-requests.dto';
import { NameCertifierCommand } from './name-certifier.command';

/**
 * The buyer names (or removes) the person who certifies pay applications: they never move money
 * themselves, but their certificate releases the buyer's, so naming one asks the buyer for a fresh
 * second factor (a copied cookie must not name the seller's accomplice). Removing one gives no
 * power away and is not asked.
 */
@Controller()
@Access('user')
export class NameCertifierController {
  constructor(private readonly commandBus: CommandBus) {}

  @Answers('ProgressBillingView')
  @Put('job/:id/certifier')
  @MemberMay(BILLING_MEMBER_ACTIONS.NameCertifier)
  @StepUpIfBuyerOf('project')
  name(@Param('id', ParseIdPipe) projectId: number, @Body() body: CertifierRequest, @CurrentUser() user: SessionUser, @IdempotencyKey() key: string | null) {
    return this.commandBus.execute(new NameCertifierCommand(user, projectId, body.user_id, key));
  }

  @Answers('ProgressBillingView')
  @Delete('job/:id/certifier')
  @MemberMay(BILLING_MEMBER_ACTIONS.RemoveCertifier)
  @HttpCode(200)
  remove(@Param('id', ParseIdPipe) projectId: number, @CurrentUser() user: SessionUser, @IdempotencyKey() key: string | null) {
    return this.commandBus.execute(new NameCertifierCommand(user, projectId, null, key));
  }
}
