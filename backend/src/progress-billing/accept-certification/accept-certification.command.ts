import type { PayApplicationView } from '@escrow/domain';
import { Command } from '@nestjs/cqrs';

import type { SessionUser } from '../../identity';

/** POST /api/job/{id}/pay-applications/{number}/accept: the seller accepts the certified amounts; the payment due is released. */
export class AcceptCertificationCommand extends Command<PayApplicationView> {
  constructor(
    readonly actor: SessionUser,
    readonly projectId: number,
    readonly applicationNumber: number,
    readonly revision: number,
    readonly idempotencyKey: string | null,
  ) {
    super();
  }
}
