import type { ProgressBillingView } from '@escrow/domain';
import { Command } from '@nestjs/cqrs';

import type { SessionUser } from '../../identity';

/** POST /api/job/{id}/change-orders/{changeOrderId}/approve|reject: the other party approves it; either rejects it (the proposer withdraws). */
export class DecideOnChangeOrder extends Command<ProgressBillingView> {
  constructor(
    readonly actor: SessionUser,
    readonly projectId: number,
    readonly changeOrderId: number,
    readonly decision: 'approve' | 'reject',
    readonly reason: string | null,
    readonly idempotencyKey: string | null,
  ) {
    super();
  }
}
