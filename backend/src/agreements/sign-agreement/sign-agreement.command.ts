import { Command } from '@nestjs/cqrs';

import type { SessionUser } from '../../identity';
import type { SignedAgreementView } from '../signatures';

/** POST /api/job/{id}/agreement/sign: a party signs the text it read, with its own legal name. */
export class SignAgreement extends Command<SignedAgreementView> {
  constructor(
    readonly actor: SessionUser,
    readonly projectId: number,
    readonly party: 'customer' | 'company',
    readonly signedName: string,
    readonly readHash: string,
    readonly idempotencyKey: string | null,
  ) {
    super();
  }
}
