import type { ApplicationLineInput, PayApplicationView } from '@escrow/domain';
import { Command } from '@nestjs/cqrs';

import type { SessionUser } from '../../identity';

/** POST /api/job/{id}/pay-applications: the seller bills a period against the schedule of values. */
export class SubmitPayApplicationCommand extends Command<PayApplicationView> {
  constructor(
    readonly actor: SessionUser,
    readonly projectId: number,
    readonly periodTo: string,
    readonly lines: ApplicationLineInput[],
    readonly idempotencyKey: string | null,
  ) {
    super();
  }
}
