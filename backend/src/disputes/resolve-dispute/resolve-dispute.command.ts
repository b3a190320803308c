import type { DisputeResolution } from '@escrow/domain';
import { Command } from '@nestjs/cqrs';

import type { SessionUser } from '../../identity';
import type { MilestoneView } from '../../milestones';

/** What the resolution did: took effect, or (above FOUR_EYES_ABOVE) was only proposed. */
export interface ResolveDisputeResult {
  view: MilestoneView;
  proposed: boolean;
}

/** POST /api/admin/milestones/{id}/dispute/resolve: release, refund or split, moving the money through the ledger. */
export class ResolveDispute extends Command<ResolveDisputeResult> {
  constructor(
    readonly admin: SessionUser,
    readonly versionId: number,
    readonly resolution: DisputeResolution,
    readonly refundAmount: string | null,
    readonly note: string,
    readonly idempotencyKey: string | null,
  ) {
    super();
  }
}
