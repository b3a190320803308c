import type { PayoutAnswer } from '@escrow/domain';
import { Controller, HttpCode, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';

import { ApiRefusal } from '../../http/api-refusal';
import { Answers } from '../../http/openapi';
import { Access, CurrentUser, MemberMay, RequireVerifiedEmail, type SessionUser, StepUp } from '../../identity';
import { type HttpOrigin, Origin } from '../request-origin';
import { DecidePayoutChangeCommand } from './decide-payout-change.command';

/** A user of the company confirms or undoes its held payout account change (an administrator's door is beside it). */
@Controller('bank-accounts')
@Access('user')
export class DecidePayoutChangeController {
  constructor(private readonly commandBus: CommandBus) {}

  @Answers('PayoutAnswer')
  @MemberMay('payout_change.confirm')
  @Post('payout-change/confirm')
  @HttpCode(200)
  @StepUp()
  @RequireVerifiedEmail()
  async confirm(@CurrentUser() user: SessionUser, @Origin() origin: HttpOrigin): Promise<PayoutAnswer> {
    return this.commandBus.execute(new DecidePayoutChangeCommand(user, origin, this.companyOf(user), 'confirm'));
  }

  @Answers('PayoutAnswer')
  @MemberMay('payout_change.confirm')
  @Post('payout-change/undo')
  @HttpCode(200)
  @StepUp()
  @RequireVerifiedEmail()
  async undo(@CurrentUser() user: SessionUser, @Origin() origin: HttpOrigin): Promise<PayoutAnswer> {
    return this.commandBus.execute(new DecidePayoutChangeCommand(user, origin, this.companyOf(user), 'undo'));
  }

  private companyOf(user: SessionUser): number {
    if (user.companyId === null) throw new ApiRefusal(403, 'company_users_only', 'Only contractor company users confirm or undo a payout account change.');
    return user.companyId;
  }
}
