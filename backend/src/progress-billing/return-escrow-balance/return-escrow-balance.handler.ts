import type { ProgressBillingView } from '@escrow/domain';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { progressBillingView } from '../billing.view';
import { BillingCommands, type BillingRequest } from '../billing-commands';
import { PayeeNames } from '../payee-names';
import { BalanceReturnMail } from './balance-return.mail';
import { ReturnEscrowBalance } from './return-escrow-balance.command';

@CommandHandler(ReturnEscrowBalance)
export class ReturnEscrowBalanceHandler implements ICommandHandler<ReturnEscrowBalance> {
  constructor(
    private readonly billing: BillingCommands,
    private readonly names: PayeeNames,
    private readonly mail: BalanceReturnMail,
  ) {}

  async execute(c: ReturnEscrowBalance): Promise<ProgressBillingView> {
    const { step } = c;
    const request: BillingRequest =
      step.action === 'request'
        ? { type: 'RequestBillingBalanceReturn', data: { amount: step.amount } }
        : step.action === 'approve'
          ? { type: 'ApproveBillingBalanceReturn', data: { returnId: step.returnId } }
          : { type: 'DeclineBillingBalanceReturn', data: { returnId: step.returnId, reason: step.reason } };
    const { state, viewer } = await this.billing.decide(c.actor, c.projectId, request, c.idempotencyKey);
    if (state.status === 'active') {
      // The other party hears of it; the mail is keyed by the return and its step, so a retried request mails nobody twice.
      const touched = step.action === 'request' ? state.balanceReturns?.at(-1) : state.balanceReturns?.find((r) => r.returnId === step.returnId);
      if (touched) await this.mail.tell(c.projectId, step.action, touched);
    }
    return this.names.named(progressBillingView(c.projectId, 'progress', state, viewer));
  }
}
