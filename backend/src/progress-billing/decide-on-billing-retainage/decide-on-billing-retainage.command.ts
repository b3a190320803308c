import type { ProgressBillingView } from '@escrow/domain';
import { Command } from '@nestjs/cqrs';

import type { SessionUser } from '../../identity';

/** POST /api/job/{id}/billing/retainage/request | approve: a party asks for the retainage at substantial completion; the other approves. */
export class DecideOnBillingRetainage extends Command<ProgressBillingView> {
  constructor(
    readonly actor: SessionUser,
    readonly projectId: number,
    readonly action: 'request' | 'approve',
    readonly idempotencyKey: string | null,
  ) {
    super();
  }
}
