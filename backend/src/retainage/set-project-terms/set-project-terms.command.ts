import { Command } from '@nestjs/cqrs';

import type { SessionUser } from '../../identity';

/** PUT /api/job/{id}/terms: either party sets the retainage percentage and the job site's state new milestone versions take. */
export class SetProjectTermsCommand extends Command<void> {
  constructor(
    readonly actor: SessionUser,
    readonly projectId: number,
    readonly retainagePercent: unknown,
    readonly siteState: unknown,
    readonly idempotencyKey: string | null,
  ) {
    super();
  }
}
