import { Command } from '@nestjs/cqrs';

import type { SessionUser } from '../../identity';
import type { MilestoneView } from '../milestone.view';

/** POST /api/milestone/approval: a party approves or rejects one version (docs/product.md#approval-and-funding). */
export class DecideOnVersion extends Command<MilestoneView> {
  constructor(
    readonly actor: SessionUser,
    readonly versionId: number,
    readonly decision: 'approve' | 'reject',
    readonly reason: string | null,
    readonly idempotencyKey: string | null,
  ) {
    super();
  }
}
