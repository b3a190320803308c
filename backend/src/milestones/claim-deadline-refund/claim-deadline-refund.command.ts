import { Command } from '@nestjs/cqrs';

import type { SessionUser } from '../../identity';
import type { MilestoneView } from '../milestone.view';

/** POST /api/milestone/{id}/refund-claim: the promise of docs/product.md#deadline-refund, the buyer is refunded when the seller did not complete in time. */
export class ClaimDeadlineRefund extends Command<MilestoneView> {
  constructor(
    readonly actor: SessionUser,
    readonly versionId: number,
    readonly idempotencyKey: string | null,
  ) {
    super();
  }
}
