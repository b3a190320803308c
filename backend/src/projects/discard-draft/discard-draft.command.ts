import { Command } from '@nestjs/cqrs';

import type { SessionUser } from '../../identity';

/** DELETE /api/job/{id}: the creator throws a draft away (before submitting it). */
export class DiscardDraft extends Command<void> {
  constructor(
    readonly actor: SessionUser,
    readonly projectId: number,
    readonly idempotencyKey: string | null,
  ) {
    super();
  }
}
