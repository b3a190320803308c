import type { BankAccountCommand, BankAccountOwner, PayoutAnswer } from '@escrow/domain';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { metadataOf } from '../../command-side';
import { BankAccountDeciding } from '../bank-account-deciding';
import { BankAccounts } from '../bank-accounts.service';
import { eventOriginOf } from '../request-origin';
import { DecidePayoutChangeCommand } from './decide-payout-change.command';

@CommandHandler(DecidePayoutChangeCommand)
export class DecidePayoutChangeHandler implements ICommandHandler<DecidePayoutChangeCommand> {
  constructor(
    private readonly deciding: BankAccountDeciding,
    private readonly accounts: BankAccounts,
  ) {}

  async execute({ actor, origin, companyId, decision }: DecidePayoutChangeCommand): Promise<PayoutAnswer> {
    const owner: BankAccountOwner = { kind: 'company', id: companyId };
    const metadata = metadataOf(actor);
    const data = { owner, origin: eventOriginOf(origin) };
    const command: BankAccountCommand =
      decision === 'confirm' ? { type: 'ConfirmPayoutAccountChange', data, metadata } : { type: 'UndoPayoutAccountChange', data, metadata };
    const { state } = await this.deciding.decide(owner, actor.userId, origin, command);
    return this.deciding.payoutAnswer(this.accounts, state, metadata.now, actor);
  }
}
