import { Command } from '@nestjs/cqrs';

import type { SessionUser } from '../../identity';

/** PUT /api/job/{id}/billing: a party chooses, on the draft, whether the project bills by milestones or by progress. */
export class ChooseBillingMethod extends Command<void> {
  constructor(
    readonly actor: SessionUser,
    readonly projectId: number,
    readonly method: string,
    readonly idempotencyKey: string | null,
  ) {
    super();
  }
}
