import type { ProgressBillingView } from '@escrow/domain';
import { Command } from '@nestjs/cqrs';

import type { SessionUser } from '../../identity';

/** POST /api/job/{id}/schedule/{versionId}/approve|reject: the buyer approves a proposed version, or rejects it with a reason. */
export class DecideOnSchedule extends Command<ProgressBillingView> {
  constructor(
    readonly actor: SessionUser,
    readonly projectId: number,
    readonly versionId: number,
    readonly decision: 'approve' | 'reject',
    readonly reason: string | null,
    readonly idempotencyKey: string | null,
  ) {
    super();
  }
}
