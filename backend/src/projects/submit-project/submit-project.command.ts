import { Command } from '@nestjs/cqrs';

import type { SessionUser } from '../../identity';

/** PUT /api/job/{id}/draft with isDraft false: the final submit (docs/product.md#project-draft-and-submit). */
export class SubmitProject extends Command<void> {
  constructor(
    readonly actor: SessionUser,
    readonly projectId: number,
    readonly idempotencyKey: string | null,
  ) {
    super();
  }
}
