import type { PayApplicationView } from '@escrow/domain';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { applicationOf, payApplicationView } from '../billing.view';
import { BillingCommands } from '../billing-commands';
import { PayeeNames } from '../payee-names';
import { CertifyPayApplicationCommand } from './certify-pay-application.command';

@CommandHandler(CertifyPayApplicationCommand)
export class CertifyPayApplicationHandler implements ICommandHandler<CertifyPayApplicationCommand> {
  constructor(
    private readonly billing: BillingCommands,
    private readonly names: PayeeNames,
  ) {}

  async execute(c: CertifyPayApplicationCommand): Promise<PayApplicationView> {
    const { state } = await this.billing.decide(
      c.actor,
      c.projectId,
      { type: 'CertifyPayApplication', data: { applicationNumber: c.applicationNumber, revision: c.revision, lines: c.lines } },
      c.idempotencyKey,
    );
    return this.names.named(payApplicationView(c.projectId, applicationOf(state, c.applicationNumber), state.status === 'active' ? state.payouts : []));
  }
}
