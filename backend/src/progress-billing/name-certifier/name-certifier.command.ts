import type { ProgressBillingView } from '@escrow/domain';
import { Command } from '@nestjs/cqrs';

import type { SessionUser } from '../../identity';

/** PUT /api/job/{id}/certifier names, DELETE removes, the person who certifies pay applications for the buyer. */
export class NameCertifierCommand extends Command<ProgressBillingView> {
  constructor(
    readonly actor: SessionUser,
    readonly projectId: number,
    /** null: remove the certifier. */
    readonly userId: number | null,
    readonly idempotencyKey: string | null,
  ) {
    super();
  }
}
