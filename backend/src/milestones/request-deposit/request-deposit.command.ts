import { Command } from '@nestjs/cqrs';

import type { SessionUser } from '../../identity';
import type { DepositView } from '../milestone.view';

/** POST /api/milestone/deposit: the buyer's ACH deposit of what the milestone still needs. */
export class RequestDeposit extends Command<DepositView & { milestone_id: number }> {
  constructor(
    readonly actor: SessionUser,
    readonly versionId: number,
    readonly idempotencyKey: string | null,
  ) {
    super();
  }
}
