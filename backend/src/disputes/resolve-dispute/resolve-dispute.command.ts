import type { DisputeResolution } from '@escrow/domain';
import { Command } from '@nestjs/cqrs';

import type { SessionUser } from '../../identity';
import type { MilestoneView } from '../../milestones';

/** POST /api/admin/milestones/{id}/dispute/resolve: release, refund or split, moving the money through the ledger. */
export class ResolveDispute extends Command<MilestoneView> {
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
