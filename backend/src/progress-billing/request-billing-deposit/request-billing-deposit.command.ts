import type { BillingDepositView } from '@escrow/domain';
import { Command } from '@nestjs/cqrs';

import type { SessionUser } from '../../identity';

/** POST /api/job/{id}/billing/deposits: the buyer's ACH deposit into the project's escrow balance. */
export class RequestBillingDepositCommand extends Command<BillingDepositView> {
  constructor(
    readonly actor: SessionUser,
    readonly projectId: number,
    readonly amount: string,
    readonly idempotencyKey: string | null,
  ) {
    super();
  }
}
