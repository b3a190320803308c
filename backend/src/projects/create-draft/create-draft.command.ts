import type { ProjectDraftCreated } from '@escrow/domain';
import { Command } from '@nestjs/cqrs';

import type { SessionUser } from '../../identity';

/** POST /api/job/basic: a draft once the buyer is set (docs/product.md#project-draft-and-submit); a named job_id answers itself. */
export class CreateDraft extends Command<ProjectDraftCreated> {
  constructor(
    readonly actor: SessionUser,
    readonly customerId: number,
    readonly service: string,
    readonly customerInitiated: boolean,
    readonly primaryCompanyId: number | null,
    readonly existingProjectId: number | null,
    readonly idempotencyKey: string | null,
  ) {
    super();
  }
}
