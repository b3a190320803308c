import type { WaiverKind, WaiverPayment } from '@escrow/domain';
import { Command } from '@nestjs/cqrs';

import type { SessionUser } from '../../identity';

/** POST /api/milestone/{id}/waivers/sign: a user of the payee company signs the waiver text it read. */
export class SignLienWaiverCommand extends Command<{ waiverName: string }> {
  constructor(
    readonly actor: SessionUser,
    readonly versionId: number,
    readonly payment: WaiverPayment,
    readonly payeeId: number,
    readonly kind: WaiverKind,
    readonly signedName: string,
    readonly readHash: string,
    readonly idempotencyKey: string | null,
  ) {
    super();
  }
}
