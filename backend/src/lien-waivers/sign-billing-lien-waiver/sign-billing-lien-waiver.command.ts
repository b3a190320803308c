import type { WaiverKind } from '@escrow/domain';
import { Command } from '@nestjs/cqrs';

import type { SessionUser } from '../../identity';

/** POST /api/job/{id}/billing/waivers/sign: a user of the payee company signs a progress-billed payout's waiver text it read. */
export class SignBillingLienWaiverCommand extends Command<{ waiverName: string }> {
  constructor(
    readonly actor: SessionUser,
    readonly projectId: number,
    readonly payoutId: number,
    readonly kind: WaiverKind,
    readonly signedName: string,
    readonly readHash: string,
    readonly idempotencyKey: string | null,
  ) {
    super();
  }
}
