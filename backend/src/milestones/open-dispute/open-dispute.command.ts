import { Command } from '@nestjs/cqrs';

import type { SessionUser } from '../../identity';
import type { MilestoneView } from '../milestone.view';

/** POST /api/milestone/{id}/dispute: a party disputes a funded milestone. */
export class OpenDispute extends Command<MilestoneView> {
  constructor(
    readonly actor: SessionUser,
    readonly versionId: number,
    readonly statement: string,
    readonly idempotencyKey: string | null,
  ) {
    super();
  }
}
