import { type AccountView, conflict, invalid, LOCKED_MESSAGE } from '@escrow/domain';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { metadataOf } from '../../command-side';
import { BankAccountDeciding, ownAccount } from '../bank-account-deciding';
import { BankAccounts } from '../bank-accounts.service';
import { eventOriginOf } from '../request-origin';
import { VerifyBankAccountCommand } from './verify-bank-account.command';

@CommandHandler(VerifyBankAccountCommand)
export class VerifyBankAccountHandler implements ICommandHandler<VerifyBankAccountCommand> {
  constructor(
    private readonly deciding: BankAccountDeciding,
    private readonly accounts: BankAccounts,
  ) {}

  async execute({ actor, origin, bankAccountId, amounts }: VerifyBankAccountCommand): Promise<AccountView> {
    const owner = await ownAccount(this.accounts, actor, bankAccountId);
    const { state, events } = await this.deciding.decide(owner, actor.userId, origin, {
      type: 'VerifyBankAccount',
      data: { owner, origin: eventOriginOf(origin), bankAccountId, amounts },
      metadata: metadataOf(actor),
    });
    // A wrong try is recorded (it counts), then answered as the person's mistake.
    if (events.some((e) => e.type === 'BankAccountLocked')) throw conflict('bank_account_locked', LOCKED_MESSAGE);
    const failed = events.find((e) => e.type === 'BankAccountVerificationFailed');
    if (failed) {
      const left = (failed.data as { triesLeft: number }).triesLeft;
      throw invalid('micro_deposits_mismatch', `Those amounts do not match the two deposits. ${left} ${left === 1 ? 'try' : 'tries'} left.`);
    }
    return this.deciding.accountAnswer(state, bankAccountId);
  }
}
