import type { PayApplicationView } from '@escrow/domain';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { applicationOf, payApplicationView } from '../billing.view';
import { BillingCommands } from '../billing-commands';
import { PayeeNames } from '../payee-names';
import { AcceptCertificationCommand } from './accept-certification.command';

@CommandHandler(AcceptCertificationCommand)
export class AcceptCertificationHandler implements ICommandHandler<AcceptCertificationCommand> {
  constructor(
    private readonly billing: BillingCommands,
    private readonly names: PayeeNames,
  ) {}

  async execute(c: AcceptCertificationCommand): Promise<PayApplicationView> {
    const { state } = await this.billing.decide(
      c.actor,
      c.projectId,
      { type: 'AcceptCertification', data: { applicationNumber: c.applicationNumber, revision: c.revision } },
      c.idempotencyKey,
    );
    return this.names.named(payApplicationView(c.projectId, applicationOf(state, c.applicationNumber), state.status === 'active' ? state.payouts : []));
  }
}
