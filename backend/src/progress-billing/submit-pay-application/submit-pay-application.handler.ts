import type { PayApplicationView } from '@escrow/domain';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { latestApplication, payApplicationView } from '../billing.view';
import { BillingCommands } from '../billing-commands';
import { PayeeNames } from '../payee-names';
import { SubmitPayApplicationCommand } from './submit-pay-application.command';

@CommandHandler(SubmitPayApplicationCommand)
export class SubmitPayApplicationHandler implements ICommandHandler<SubmitPayApplicationCommand> {
  constructor(
    private readonly billing: BillingCommands,
    private readonly names: PayeeNames,
  ) {}

  async execute(c: SubmitPayApplicationCommand): Promise<PayApplicationView> {
    const { state } = await this.billing.decide(
      c.actor,
      c.projectId,
      { type: 'SubmitPayApplication', data: { periodTo: c.periodTo, lines: c.lines } },
      c.idempotencyKey,
    );
    return this.names.named(payApplicationView(c.projectId, latestApplication(state)));
  }
}
