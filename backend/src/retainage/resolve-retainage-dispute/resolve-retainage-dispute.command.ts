import { Command } from '@nestjs/cqrs';

import type { SessionUser } from '../../identity';

/** POST /api/admin/job/{id}/retainage/resolve: an administrator releases the disputed retainage to the payees or refunds it to the buyer. */
export class ResolveRetainageDispute extends Command<void> {
  constructor(
    readonly admin: SessionUser,
    readonly jobId: number,
    readonly resolution: 'release' | 'refund',
    readonly note: string,
    readonly idempotencyKey: string | null,
  ) {
    super();
  }
}
