import type { AccountView } from '@escrow/domain';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { metadataOf } from '../../command-side';
import { BankAccountDeciding, ownAccount } from '../bank-account-deciding';
import { BankAccounts } from '../bank-accounts.service';
import { eventOriginOf } from '../request-origin';
import { RemoveBankAccountCommand } from './remove-bank-account.command';

@CommandHandler(RemoveBankAccountCommand)
export class RemoveBankAccountHandler implements ICommandHandler<RemoveBankAccountCommand> {
  constructor(
    private readonly deciding: BankAccountDeciding,
    private readonly accounts: BankAccounts,
  ) {}

  async execute({ actor, origin, bankAccountId }: RemoveBankAccountCommand): Promise<AccountView> {
    const owner = await ownAccount(this.accounts, actor, bankAccountId);
    const { state } = await this.deciding.decide(owner, actor.userId, origin, {
      type: 'RemoveBankAccount',
      data: { owner, origin: eventOriginOf(origin), bankAccountId },
      metadata: metadataOf(actor),
    });
    return this.deciding.accountAnswer(state, bankAccountId);
  }
}
