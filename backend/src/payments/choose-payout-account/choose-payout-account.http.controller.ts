import type { PayoutAnswer } from '@escrow/domain';
import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';

import { Answers } from '../../http/openapi';
import { ParseIdPipe } from '../../http/parse-id.pipe';
import { Access, CurrentUser, MemberMay,RequireSecondFactor, RequireVerifiedEmail, type SessionUser, StepUp } from '../../identity';
import { type HttpOrigin, Origin } from '../request-origin';
import { ChoosePayoutAccountCommand } from './choose-payout-account.command';

/** A change of payout account holds payouts (docs/payments.md#the-payout-account-hold). */
@Controller('bank-accounts')
@Access('user')
export class ChoosePayoutAccountController {
  constructor(private readonly commandBus: CommandBus) {}

  @Answers('PayoutAnswer')
  @MemberMay('bank_accounts.manage')
  @Post(':id/payout')
  @HttpCode(200)
  @StepUp()
  @RequireVerifiedEmail()
  @RequireSecondFactor()
  async choose(@Param('id', ParseIdPipe) id: number, @CurrentUser() user: SessionUser, @Origin() origin: HttpOrigin): Promise<PayoutAnswer> {
    return this.commandBus.execute(new ChoosePayoutAccountCommand(user, origin, id));
  }
}
