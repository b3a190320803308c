import type { AccountView } from '@escrow/domain';
import { Command } from '@nestjs/cqrs';

import type { SessionUser } from '../../identity';
import type { HttpOrigin } from '../request-origin';

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
