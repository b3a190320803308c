import type { ProgressBillingView } from '@escrow/domain';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { progressBillingView } from '../billing.view';
import { BillingCommands } from '../billing-commands';
import { PayeeNames } from '../payee-names';
import { DecideOnChangeOrder } from './decide-on-change-order.command';

@CommandHandler(DecideOnChangeOrder)
export class DecideOnChangeOrderHandler implements ICommandHandler<DecideOnChangeOrder> {
  constructor(
    private readonly billing: BillingCommands,
    private readonly names: PayeeNames,
  ) {}

  async execute(c: DecideOnChangeOrder): Promise<ProgressBillingView> {
    const { state, viewer } = await this.billing.decide(
      c.actor,
      c.projectId,
      c.decision === 'approve'
        ? { type: 'ApproveChangeOrder', data: { changeOrderId: c.changeOrderId } }
        : { type: 'RejectChangeOrder', data: { changeOrderId: c.changeOrderId, reason: c.reason } },
      c.idempotencyKey,
    );
    return this.names.named(progressBillingView(c.projectId, 'progress', state, viewer));
  }
}
