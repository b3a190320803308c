import {
  type BankAccountCommand,
  type BankAccountEvent,
  type BankAccountOwner,
  type BankAccountsState,
  conflict,
  forbidden,
  invalid,
  LOCKED_MESSAGE,
  notFound,
} from '@escrow/domain';
import { Inject, Injectable } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { EventStreams, IdsService, metadataOf } from '../../command-side';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.tokens';
import type { SessionUser } from '../../identity';
import { ProjectAccess } from '../../read-models';
import { BankAccounts } from '../bank-accounts.service';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../payment-provider.port';
import {
  ChoosePayoutAccountCommand,
  DecidePayoutChangeCommand,
  LinkBankAccountCommand,
  RemoveBankAccountCommand,
  VerifyBankAccountCommand,
} from './bank-account.commands';
import { BankAccountMails } from './bank-account.mails';
import { type AccountView, accountView, factsOf, type PayoutAnswer, payoutAnswerOf } from './bank-account.views';
import { BankAccountPersonalData } from './bank-account-personal-data';
import { bankAccountsStreamOf } from './bank-account-streams';
import { eventOriginOf, type HttpOrigin } from './request-origin';

const viewerOf = (actor: SessionUser) => ({ userId: actor.userId, admin: actor.role === 'admin' });

/** What every handler decides with. */
@Injectable()
class BankAccountDeciding {
  constructor(
    readonly streams: EventStreams,
    readonly mails: BankAccountMails,
    readonly personal: BankAccountPersonalData,
  ) {}

  /**
   * Decides a command on the owner's stream, then sends the mails its events call for. The
   * request's address and browser (and a link's holder name) are written to their erasable tables
   * first, and only when the command will append: the decider is run on the current state as a
   * dry run, so a refused or no-op request writes no personal data (a rare race with another
   * writer can leave an unreferenced origin row: erased with its user like the others).
   */
  async decide(
    owner: BankAccountOwner,
    actorId: number,
    http: HttpOrigin,
    command: BankAccountCommand,
    options: { idempotencyKey?: string | null; holderName?: string } = {},
  ): Promise<{ state: BankAccountsState; events: BankAccountEvent[] }> {
    const stream = bankAccountsStreamOf(owner);
    if (stream.decide(command, await this.streams.current(stream, owner.id)).length > 0) {
      const { originId } = command.data.origin;
      if (originId) await this.personal.recordOrigin(originId, actorId, http);
      if (command.type === 'LinkBankAccount' && options.holderName !== undefined)
        await this.personal.recordHolder(command.data.bankAccountId, owner, options.holderName);
    }
    const { state, events, replayed } = await this.streams.decide(stream, owner.id, command, { idempotencyKey: options.idempotencyKey ?? null });
    if (!replayed) await this.mails.after(events, state);
    return { state, events };
  }

  async accountAnswer(state: BankAccountsState, bankAccountId: number): Promise<AccountView> {
    const account = state.accounts.find((a) => a.bankAccountId === bankAccountId);
    if (!account) throw notFound('no_such_bank_account', 'There is no such bank account.');
    const holders = await this.personal.holders([bankAccountId]);
    return accountView(factsOf(account, holders.get(bankAccountId) ?? ''), state.payoutAccountId);
  }

  async payoutAnswer(accounts: BankAccounts, state: BankAccountsState, now: string, actor: SessionUser): Promise<PayoutAnswer> {
    const change = state.payoutChange;
    const names = await accounts.displayNames(change ? [change.by] : []);
    const holders = await this.personal.holders([state.payoutAccountId, change?.from ?? null, change?.to ?? null]);
    return payoutAnswerOf(state, now, viewerOf(actor), {
      nameOf: (id) => names.get(id) ?? 'a former user',
      holderOf: (id) => holders.get(id) ?? '',
      changeOrigin: await this.personal.origin(change?.originId),
    });
  }
}

/** The caller's own account by id (a company user's payout accounts, a buyer's deposit accounts); others' are not found. */
async function ownAccount(accounts: BankAccounts, actor: SessionUser, bankAccountId: number): Promise<BankAccountOwner> {
  const owner = await accounts.ownerOf(bankAccountId);
  const own = owner && (owner.kind === 'company' ? owner.id === actor.companyId : owner.id === actor.userId);
  if (!owner || !own) throw notFound('no_such_bank_account', 'There is no such bank account.');
  return owner;
}

@CommandHandler(LinkBankAccountCommand)
class LinkBankAccountHandler implements ICommandHandler<LinkBankAccountCommand> {
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

@CommandHandler(VerifyBankAccountCommand)
class VerifyBankAccountHandler implements ICommandHandler<VerifyBankAccountCommand> {
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

@CommandHandler(ChoosePayoutAccountCommand)
class ChoosePayoutAccountHandler implements ICommandHandler<ChoosePayoutAccountCommand> {
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

@CommandHandler(DecidePayoutChangeCommand)
class DecidePayoutChangeHandler implements ICommandHandler<DecidePayoutChangeCommand> {
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

@CommandHandler(RemoveBankAccountCommand)
class RemoveBankAccountHandler implements ICommandHandler<RemoveBankAccountCommand> {
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

export const BANK_ACCOUNT_HANDLERS = [
  BankAccountDeciding,
  LinkBankAccountHandler,
  VerifyBankAccountHandler,
  ChoosePayoutAccountHandler,
  DecidePayoutChangeHandler,
  RemoveBankAccountHandler,
];
