import type { ProgressBillingView, ScheduleLineInput } from '@escrow/domain';
import { Command } from '@nestjs/cqrs';

import type { SessionUser } from '../../identity';

/** POST /api/job/{id}/schedule: the seller proposes a version of the schedule of values (its own approval). */
export class ProposeScheduleCommand extends Command<ProgressBillingView> {
  constructor(
    readonly actor: SessionUser,
    readonly projectId: number,
    readonly basedOnVersionId: number | null,
    readonly lines: ScheduleLineInput[],
    readonly idempotencyKey: string | null,
  ) {
    super();
  }
}
