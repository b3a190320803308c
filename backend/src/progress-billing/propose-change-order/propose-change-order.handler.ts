import type { ProgressBillingView } from '@escrow/domain';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { IdsService } from '../../command-side';
import { DirectoryService } from '../../directory';
import { progressBillingView } from '../billing.view';
import { BillingCommands } from '../billing-commands';
import { PayeeNames } from '../payee-names';
import { requireKnownPayees } from '../propose-schedule/propose-schedule.handler';
import { ProposeChangeOrderCommand } from './propose-change-order.command';

@CommandHandler(ProposeChangeOrderCommand)
export class ProposeChangeOrderHandler implements ICommandHandler<ProposeChangeOrderCommand> {
  constructor(
    private readonly billing: BillingCommands,
    private readonly names: PayeeNames,
    private readonly ids: IdsService,
    private readonly directory: DirectoryService,
  ) {}

  async execute(c: ProposeChangeOrderCommand): Promise<ProgressBillingView> {
    await this.billing.requireReader(c.projectId, c.actor);
    await requireKnownPayees(this.directory, c.newLines);
    const changeOrderId = await this.ids.forCreation('billing_id_seq', `change-order:${c.actor.userId}:${c.projectId}`, c.idempotencyKey);
    const { state, viewer } = await this.billing.decide(
      c.actor,
      c.projectId,
      { type: 'ProposeChangeOrder', data: { changeOrderId, reason: c.reason, attachmentIds: c.attachmentIds, changes: c.changes, newLines: c.newLines } },
      c.idempotencyKey,
    );
    return this.names.named(progressBillingView(c.projectId, 'progress', state, viewer));
  }
}
