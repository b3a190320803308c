import { Command } from '@nestjs/cqrs';

import type { SessionUser } from '../../identity';
import type { AccountView, PayoutAnswer } from './bank-account.views';
import type { HttpOrigin } from './request-origin';

export interface LinkRequest {
  purpose: 'deposit' | 'payout';
  jobId: number | null;
  holderName: string;
  bankName: string | null;
  routingNumber: string;
  accountNumber: string;
}

/** POST /api/bank-accounts: link an account (a payout account then waits for its micro-deposits). */
export class LinkBankAccountCommand extends Command<AccountView> {
  constructor(
    readonly actor: SessionUser,
    readonly origin: HttpOrigin,
    readonly request: LinkRequest,
    readonly idempotencyKey: string | null,
  ) {
    super();
  }
}

/** POST /api/bank-accounts/:id/verify: the two micro-deposit amounts, in any order. */
export class VerifyBankAccountCommand extends Command<AccountView> {
  constructor(
    readonly actor: SessionUser,
    readonly origin: HttpOrigin,
    readonly bankAccountId: number,
    readonly amounts: string[],
  ) {
    super();
  }
}

/** POST /api/bank-accounts/:id/payout: make a verified account the company's payout account. */
export class ChoosePayoutAccountCommand extends Command<PayoutAnswer> {
  constructor(
    readonly actor: SessionUser,
    readonly origin: HttpOrigin,
    readonly bankAccountId: number,
  ) {
    super();
  }
}

/** Confirm (end the hold now) or undo a held payout account change: a user of the company, or an administrator for `companyId`. */
export class DecidePayoutChangeCommand extends Command<PayoutAnswer> {
  constructor(
    readonly actor: SessionUser,
    readonly origin: HttpOrigin,
    readonly companyId: number,
    readonly decision: 'confirm' | 'undo',
  ) {
    super();
  }
}

/** DELETE /api/bank-accounts/:id. */
export class RemoveBankAccountCommand extends Command<AccountView> {
  constructor(
    readonly actor: SessionUser,
    readonly origin: HttpOrigin,
    readonly bankAccountId: number,
  ) {
    super();
  }
}
