import type { ProgressBillingView } from '@escrow/domain';
import { Command } from '@nestjs/cqrs';

import type { SessionUser } from '../../identity';

/**
 * POST /api/job/{id}/billing/retainage/request | approve: a party asks for the retainage at
 * substantial completion; the other approves. `dispute` (with its statement) comes from the
 * project's own POST …/retainage/dispute, which a progress-billed project's dispute goes through.
 */
export class DecideOnBillingRetainage extends Command<ProgressBillingView> {
  constructor(
    readonly actor: SessionUser,
    readonly projectId: number,
    readonly action: 'request' | 'approve' | 'dispute',
    readonly idempotencyKey: string | null,
    readonly statement: string | null = null,
  ) {
    super();
  }
}
