import { Command } from '@nestjs/cqrs';

import type { SessionUser } from '../../identity';
import type { MilestoneRef, Viewer } from '../../read-models';

/** PUT /api/milestone/{id}/complete: a party marks the milestone complete, or takes it back. */
export class MarkComplete extends Command<MilestoneRef & { viewer: Viewer }> {
  constructor(
    readonly actor: SessionUser,
    readonly versionId: number,
    readonly complete: boolean,
    readonly idempotencyKey: string | null,
  ) {
    super();
  }
}
