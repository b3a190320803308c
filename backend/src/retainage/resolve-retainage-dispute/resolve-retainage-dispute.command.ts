import type { RetainageProposalView } from '@escrow/domain';
import { Command } from '@nestjs/cqrs';

import type { SessionUser } from '../../identity';

/** POST /api/admin/job/{id}/retainage/resolve: an administrator releases the disputed retainage to the payees or refunds it to the buyer. */
/** Answers whether the resolution was only proposed (four eyes). */
export class ResolveRetainageDispute extends Command<{ proposal: RetainageProposalView | null }> {
  constructor(
    readonly admin: SessionUser,
    readonly projectId: number,
    readonly resolution: 'release' | 'refund',
    readonly note: string,
    readonly idempotencyKey: string | null,
  ) {
    super();
  }
}
