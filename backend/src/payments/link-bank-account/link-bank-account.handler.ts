import { type AccountView, type BankAccountOwner, forbidden } from '@escrow/domain';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { IdsService, metadataOf } from '../../command-side';
import { ProjectAccess } from '../../read-models';
import { BankAccountDeciding } from '../bank-account-deciding';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../payment-provider.port';
import { eventOriginOf } from '../request-origin';
import { LinkBankAccountCommand } from './link-bank-account.command';

@CommandHandler(LinkBankAccountCommand)
export class LinkBankAccountHandler implements ICommandHandler<LinkBankAccountCommand> {
  constructor(
    private readonly deciding: BankAccountDeciding,
    private readonly ids: IdsService,
    private readonly access: ProjectAccess,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
  ) {}

  async execute({ actor, origin, request, idempotencyKey }: LinkBankAccountCommand): Promise<AccountView> {
    if (request.purpose === 'payout' && actor.companyId === null) throw forbidden('company_users_only', 'Only contractor company users add a payout account.');
    if (request.purpose === 'deposit' && actor.companyId !== null)
      throw forbidden('deposit_account_for_buyers', 'Deposit accounts are for buyers; a company links payout accounts.');
    if (request.jobId) {
      const { viewer } = await this.access.requireViewer(request.jobId, actor);
      // A project's deposits come from its buyer's account: nobody else registers one for it.
      if (request.purpose === 'deposit' && viewer !== 'customer')
        throw forbidden('not_the_buyer', "Only the project's buyer adds the account its deposits come from.");
    }
    const owner: BankAccountOwner = request.purpose === 'payout' ? { kind: 'company', id: actor.companyId! } : { kind: 'user', id: actor.userId };
    const bankAccountId = await this.ids.forCreation('bank_account_id_seq', `bank-account:${actor.userId}`, idempotencyKey);
    // The numbers go to the provider and no further: we keep its token and the last four digits.
    const providerToken = await this.provider.tokenizeAccount(request.routingNumber, request.accountNumber, bankAccountId);
    const microDeposits = request.purpose === 'payout' ? await this.provider.sendMicroDeposits(providerToken) : null;
    const { state } = await this.deciding.decide(
      owner,
      actor.userId,
      origin,
      {
        type: 'LinkBankAccount',
        data: {
          owner,
          origin: eventOriginOf(origin),
          bankAccountId,
          purpose: request.purpose,
          jobId: request.purpose === 'deposit' ? request.jobId : null,
          bankName: request.bankName,
          last4: request.accountNumber.slice(-4),
          providerToken,
          microDeposits,
        },
        metadata: metadataOf(actor),
      },
      { idempotencyKey, holderName: request.holderName },
    );
    return this.deciding.accountAnswer(state, bankAccountId);
  }
}
