import type { ProgressBillingView } from '@escrow/domain';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { progressBillingView } from '../billing.view';
import { BillingCommands } from '../billing-commands';
import { PayeeNames } from '../payee-names';
import { DecideOnSchedule } from './decide-on-schedule.command';

@CommandHandler(DecideOnSchedule)
export class DecideOnScheduleHandler implements ICommandHandler<DecideOnSchedule> {
  constructor(
    private readonly billing: BillingCommands,
    private readonly names: PayeeNames,
  ) {}

  async execute(c: DecideOnSchedule): Promise<ProgressBillingView> {
    const { state, viewer } = await this.billing.decide(
      c.actor,
      c.projectId,
      c.decision === 'approve'
        ? { type: 'ApproveSchedule', data: { versionId: c.versionId } }
        : { type: 'RejectSchedule', data: { versionId: c.versionId, reason: c.reason } },
      c.idempotencyKey,
    );
    return this.names.named(progressBillingView(c.projectId, 'progress', state, viewer));
  }
}
