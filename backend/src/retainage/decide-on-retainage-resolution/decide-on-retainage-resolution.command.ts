import { Command } from '@nestjs/cqrs';

import type { SessionUser } from '../../identity';

/** POST /api/admin/job/{id}/retainage/resolution/approve | reject: four eyes on a large retainage resolution. */
export class DecideOnRetainageResolution extends Command<void> {
  constructor(
    readonly admin: SessionUser,
    readonly projectId: number,
    readonly decision: 'approve' | 'reject',
    readonly proposalId: number | null,
    readonly note: string,
    readonly idempotencyKey: string | null,
  ) {
    super();
  }
}
