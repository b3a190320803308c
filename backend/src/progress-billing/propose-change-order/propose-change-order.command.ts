import type { ProgressBillingView, ScheduleLineInput } from '@escrow/domain';
import { Command } from '@nestjs/cqrs';

import type { SessionUser } from '../../identity';

/** POST /api/job/{id}/change-orders: either party proposes new values of lines and new lines (its own approval). */
export class ProposeChangeOrderCommand extends Command<ProgressBillingView> {
  constructor(
    readonly actor: SessionUser,
    readonly projectId: number,
    readonly reason: string,
    readonly attachmentIds: string[],
    readonly changes: { line: string; scheduledValue: string }[],
    readonly newLines: ScheduleLineInput[],
    readonly idempotencyKey: string | null,
  ) {
    super();
  }
}
