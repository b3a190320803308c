import type { PayoutAnswer } from '@escrow/domain';
import { Command } from '@nestjs/cqrs';

import type { SessionUser } from '../../identity';
import type { HttpOrigin } from '../request-origin';

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
