import type { PayApplicationView } from '@escrow/domain';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { applicationOf, payApplicationView } from '../billing.view';
import { BillingCommands } from '../billing-commands';
import { PayeeNames } from '../payee-names';
import { RevisePayApplicationCommand } from './revise-pay-application.command';

@CommandHandler(RevisePayApplicationCommand)
export class RevisePayApplicationHandler implements ICommandHandler<RevisePayApplicationCommand> {
  constructor(
    private readonly billing: BillingCommands,
    private readonly names: PayeeNames,
  ) {}

  async execute(c: RevisePayApplicationCommand): Promise<PayApplicationView> {
    const { state } = await this.billing.decide(
      c.actor,
      c.projectId,
      { type: 'RevisePayApplication', data: { applicationNumber: c.applicationNumber, periodTo: c.periodTo, lines: c.lines } },
      c.idempotencyKey,
    );
    return this.names.named(payApplicationView(c.projectId, applicationOf(state, c.applicationNumber)));
  }
}
