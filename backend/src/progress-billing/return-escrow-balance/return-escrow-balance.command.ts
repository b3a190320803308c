import type { ProgressBillingView } from '@escrow/domain';
import { Command } from '@nestjs/cqrs';

import type { SessionUser } from '../../identity';

/**
 * POST /api/job/{id}/billing/balance-returns `{ amount }` (the buyer asks for unused escrow funds
 * back), `…/{returnId}/approve` and `…/{returnId}/decline` `{ reason? }` (the seller, for a return
 * beyond the surplus).
 */
export class ReturnEscrowBalance extends Command<ProgressBillingView> {
  constructor(
    readonly actor: SessionUser,
    readonly projectId: number,
    readonly step:
      { action: 'request'; amount: string } | { action: 'approve'; returnId: number } | { action: 'decline'; returnId: number; reason: string | null },
    readonly idempotencyKey: string | null,
  ) {
    super();
  }
}
