import type { PayoutAnswer } from '@escrow/domain';
import { Command } from '@nestjs/cqrs';

import type { SessionUser } from '../../identity';
import type { HttpOrigin } from '../request-origin';

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
