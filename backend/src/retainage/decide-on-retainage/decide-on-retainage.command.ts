import { Command } from '@nestjs/cqrs';

import type { SessionUser } from '../../identity';

/** POST /api/job/{id}/retainage/{request|approve|dispute}: a party acts on the project's retainage release. */
export class DecideOnRetainage extends Command<void> {
  constructor(
    readonly actor: SessionUser,
    readonly projectId: number,
    readonly action: 'request' | 'approve' | 'dispute',
    readonly statement: string | null,
    readonly idempotencyKey: string | null,
  ) {
    super();
  }
}
