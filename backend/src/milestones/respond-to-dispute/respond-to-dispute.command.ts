import { Command } from '@nestjs/cqrs';

import type { SessionUser } from '../../identity';
import type { MilestoneRef, Viewer } from '../../read-models';

/** POST /api/milestone/{id}/dispute/respond: the other party answers the dispute. */
export class RespondToDispute extends Command<MilestoneRef & { viewer: Viewer }> {
  constructor(
    readonly actor: SessionUser,
    readonly versionId: number,
    readonly statement: string,
    readonly idempotencyKey: string | null,
  ) {
    super();
  }
}
