import type { ApplicationLineInput, PayApplicationView } from '@escrow/domain';
import { Command } from '@nestjs/cqrs';

import type { SessionUser } from '../../identity';

/** POST /api/job/{id}/pay-applications/{number}/revise: the seller replaces the open application's lines (a new revision). */
export class RevisePayApplicationCommand extends Command<PayApplicationView> {
  constructor(
    readonly actor: SessionUser,
    readonly projectId: number,
    readonly applicationNumber: number,
    readonly periodTo: string | null,
    readonly lines: ApplicationLineInput[],
    readonly idempotencyKey: string | null,
  ) {
    super();
  }
}
