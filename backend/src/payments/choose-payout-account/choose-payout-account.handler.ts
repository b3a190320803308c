import { forbidden, type PayoutAnswer } from '@escrow/domain';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { metadataOf } from '../../command-side';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.tokens';
import { BankAccountDeciding, ownAccount } from '../bank-account-deciding';
import { BankAccounts } from '../bank-accounts.service';
import { eventOriginOf } from '../request-origin';
import { ChoosePayoutAccountCommand } from './choose-payout-account.command';

@CommandHandler(ChoosePayoutAccountCommand)
export class ChoosePayoutAccountHandler implements ICommandHandler<ChoosePayoutAccountCommand> {
  constructor(
    private readonly deciding: BankAccountDeciding,
    private readonly accounts: BankAccounts,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ actor, origin, bankAccountId }: ChoosePayoutAccountCommand): Promise<PayoutAnswer> {
    if (actor.companyId === null) throw forbidden('company_users_only', 'Only contractor company users choose a payout account.');
    const owner = await ownAccount(this.accounts, actor, bankAccountId);
    const metadata = metadataOf(actor);
    const { state } = await this.deciding.decide(owner, actor.userId, origin, {
      type: 'ChoosePayoutAccount',
      data: { owner, origin: eventOriginOf(origin), bankAccountId, hold: this.config.payoutChangeHold },
      metadata,
    });
    return this.deciding.payoutAnswer(this.accounts, state, metadata.now, actor);
  }
}
