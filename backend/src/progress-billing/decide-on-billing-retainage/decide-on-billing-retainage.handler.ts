import type { ProgressBillingView } from '@escrow/domain';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { progressBillingView } from '../billing.view';
import { BillingCommands } from '../billing-commands';
import { PayeeNames } from '../payee-names';
import { BillingRetainageMail } from './billing-retainage.mail';
import { DecideOnBillingRetainage } from './decide-on-billing-retainage.command';

@CommandHandler(DecideOnBillingRetainage)
export class DecideOnBillingRetainageHandler implements ICommandHandler<DecideOnBillingRetainage> {
  constructor(
    private readonly billing: BillingCommands,
    private readonly mail: BillingRetainageMail,
    private readonly names: PayeeNames,
  ) {}

  async execute(c: DecideOnBillingRetainage): Promise<ProgressBillingView> {
    const { state, viewer } = await this.billing.decide(
      c.actor,
      c.projectId,
      { type: c.action === 'request' ? 'RequestBillingRetainageRelease' : 'ApproveBillingRetainageRelease', data: {} },
      c.idempotencyKey,
    );
    const view = await this.names.named(progressBillingView(c.projectId, 'progress', state, viewer));
    // A retried request (same key) answers the same request: its mail is keyed by it, so it goes once.
    if (c.action === 'request' && state.status === 'active' && state.retainageRequest) await this.mail.requested(c.projectId, state.retainageRequest, view);
    return view;
  }
}
