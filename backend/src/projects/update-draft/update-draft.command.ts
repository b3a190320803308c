import { Command } from '@nestjs/cqrs';

import type { SessionUser } from '../../identity';

/** PUT /api/job/basic: the draft's buyer, seller or service change, only while it is a draft. */
export class UpdateDraft extends Command<{ projectId: number; primaryCompanyId: number | null }> {
  constructor(
    readonly actor: SessionUser,
    readonly projectId: number,
    readonly customerId: number,
    readonly service: string,
    /** The seller as the request names it; null keeps the draft's. */
    readonly primaryCompanyId: number | null,
    readonly idempotencyKey: string | null,
  ) {
    super();
  }
}
