import { Command } from '@nestjs/cqrs';

import type { SessionUser } from '../../identity';
import type { MilestoneView } from '../../milestones';

/**
 * POST /api/admin/milestones/{id}/dispute/resolution/approve | reject: a second administrator
 * approves the proposed resolution (it takes effect), or either administrator rejects it.
 */
export class DecideOnResolution extends Command<MilestoneView> {
  constructor(
    readonly admin: SessionUser,
    readonly versionId: number,
    readonly decision: 'approve' | 'reject',
    readonly proposalId: number | null,
    readonly note: string,
    readonly idempotencyKey: string | null,
  ) {
    super();
  }
}
