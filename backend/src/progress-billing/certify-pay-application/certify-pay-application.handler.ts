import type { PayApplicationView } from '@escrow/domain';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { applicationOf, payApplicationView } from '../billing.view';
import { BillingCommands } from '../billing-commands';
import { CertifyPayApplicationCommand } from './certify-pay-application.command';

@CommandHandler(CertifyPayApplicationCommand)
export class CertifyPayApplicationHandler implements ICommandHandler<CertifyPayApplicationCommand> {
  constructor(private readonly billing: BillingCommands) {}

  async execute(c: CertifyPayApplicationCommand): Promise<PayApplicationView> {
    const { state } = await this.billing.decide(
      c.actor,
      c.projectId,
      { type: 'CertifyPayApplication', data: { applicationNumber: c.applicationNumber, revision: c.revision, lines: c.lines } },
      c.idempotencyKey,
    );
    return payApplicationView(c.projectId, applicationOf(state, c.applicationNumber), state.status === 'active' ? state.payouts : []);
  }
}
