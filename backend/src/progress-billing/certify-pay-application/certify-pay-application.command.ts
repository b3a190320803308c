import type { CertificationDecisionInput, PayApplicationView } from '@escrow/domain';
import { Command } from '@nestjs/cqrs';

import type { SessionUser } from '../../identity';

/** POST /api/job/{id}/pay-applications/{number}/certify: the buyer or the named certifier decides every billed line. */
export class CertifyPayApplicationCommand extends Command<PayApplicationView> {
  constructor(
    readonly actor: SessionUser,
    readonly projectId: number,
    readonly applicationNumber: number,
    readonly revision: number,
    readonly lines: CertificationDecisionInput[],
    readonly idempotencyKey: string | null,
  ) {
    super();
  }
}
