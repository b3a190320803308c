import { Command } from '@nestjs/cqrs';

import type { SessionUser } from '../../identity';
import type { MilestoneView } from '../milestone.view';

/** PUT /api/milestone/{id}/complete: a party marks the milestone complete, or takes it back. */
export class MarkComplete extends Command<MilestoneView> {
  constructor(
    readonly actor: SessionUser,
    readonly versionId: number,
    readonly complete: boolean,
    readonly idempotencyKey: string | null,
  ) {
    super();
  }
}
