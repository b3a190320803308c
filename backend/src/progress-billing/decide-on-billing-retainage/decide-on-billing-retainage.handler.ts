import type { ProgressBillingView } from '@escrow/domain';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { IdsService } from '../../command-side';
import { progressBillingView } from '../billing.view';
import { BillingCommands, type BillingRequest } from '../billing-commands';
import { PayeeNames } from '../payee-names';
import { BillingRetainageMail } from './billing-retainage.mail';
import { DecideOnBillingRetainage } from './decide-on-billing-retainage.command';

@CommandHandler(DecideOnBillingRetainage)
export class DecideOnBillingRetainageHandler implements ICommandHandler<DecideOnBillingRetainage> {
  constructor(
    private readonly billing: BillingCommands,
    private readonly mail: BillingRetainageMail,
    private readonly names: PayeeNames,
    private readonly ids: IdsService,
  ) {}

  async execute(c: DecideOnBillingRetainage): Promise<ProgressBillingView> {
    const { state, viewer } = await this.billing.decide(c.actor, c.projectId, await this.request(c), c.idempotencyKey);
    const view = await this.names.named(progressBillingView(c.projectId, 'progress', state, viewer));
    // A retried request (same key) answers the same request: its mail is keyed by it, so it goes once.
    if (c.action === 'request' && state.status === 'active' && state.retainageRequest) await this.mail.requested(c.projectId, state.retainageRequest, view);
    return view;
  }

  private async request(c: DecideOnBillingRetainage): Promise<BillingRequest> {
    if (c.action === 'request') return { type: 'RequestBillingRetainageRelease', data: {} };
    if (c.action === 'approve') return { type: 'ApproveBillingRetainageRelease', data: {} };
    // Numbered as the milestone project's retainage disputes are (its evidence names it), the same id for a retried key.
    const disputeId = await this.ids.forCreation('dispute_id_seq', `retainage-dispute:${c.actor.userId}:${c.projectId}`, c.idempotencyKey);
    return { type: 'DisputeBillingRetainage', data: { disputeId, statement: c.statement ?? '' } };
  }
}
