import { type BankAccountCommand, type BankAccountEvent, type BankAccountOwner, type BankAccountsState, LOCKED_MESSAGE } from '@escrow/domain';
import { BadRequestException, ConflictException, ForbiddenException, Inject, NotFoundException } from '@nestjs/common';
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
import { bankAccountsStreamOf } from './bank-account-streams';

/** Decides a command on the owner's stream, then sends the mails its events call for. */
async function decideOn(
  streams: EventStreams,
  mails: BankAccountMails,
  owner: BankAccountOwner,
  command: BankAccountCommand,
  idempotencyKey: string | null = null,
): Promise<{ state: BankAccountsState; events: BankAccountEvent[] }> {
  const { state, events, replayed } = await streams.decide(bankAccountsStreamOf(owner), owner.id, command, { idempotencyKey });
  if (!replayed) await mails.after(events, state);
  return { state, events };
}

function accountAnswer(state: BankAccountsState, bankAccountId: number): AccountView {
  const account = state.accounts.find((a) => a.bankAccountId === bankAccountId);
  if (!account) throw new NotFoundException('There is no such bank account.');
  return accountView(factsOf(account), state.payoutAccountId);
}

/** The caller's own account by id (a company user's payout accounts, a buyer's deposit accounts); others' are not found. */
async function ownAccount(accounts: BankAccounts, actor: SessionUser, bankAccountId: number): Promise<BankAccountOwner> {
  const owner = await accounts.ownerOf(bankAccountId);
  const own = owner && (owner.kind === 'company' ? owner.id === actor.companyId : owner.id === actor.userId);
  if (!owner || !own) throw new NotFoundException('There is no such bank account.');
  return owner;
}

const viewerOf = (actor: SessionUser) => ({ userId: actor.userId, admin: actor.role === 'admin' });

@CommandHandler(LinkBankAccountCommand)
export class LinkBankAccountHandler implements ICommandHandler<LinkBankAccountCommand> {
  constructor(
    private readonly streams: EventStreams,
    private readonly ids: IdsService,
    private readonly access: ProjectAccess,
    private readonly mails: BankAccountMails,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
  ) {}

  async execute({ actor, origin, request, idempotencyKey }: LinkBankAccountCommand): Promise<AccountView> {
    if (request.purpose === 'payout' && actor.companyId === null) throw new ForbiddenException('Only contractor company users add a payout account.');
    if (request.purpose === 'deposit' && actor.companyId !== null)
      throw new ForbiddenException('Deposit accounts are for buyers; a company links payout accounts.');
    if (request.jobId) {
      const { viewer } = await this.access.requireViewer(request.jobId, actor);
      // A project's deposits come from its buyer's account: nobody else registers one for it.
      if (request.purpose === 'deposit' && viewer !== 'customer')
        throw new ForbiddenException("Only the project's buyer adds the account its deposits come from.");
    }
    const owner: BankAccountOwner = request.purpose === 'payout' ? { kind: 'company', id: actor.companyId! } : { kind: 'user', id: actor.userId };
    const bankAccountId = await this.ids.forCreation('bank_account_id_seq', `bank-account:${actor.userId}`, idempotencyKey);
    // The numbers go to the provider and no further: we keep its token and the last four digits.
    const providerToken = await this.provider.tokenizeAccount(request.routingNumber, request.accountNumber, bankAccountId);
    const microDeposits = request.purpose === 'payout' ? await this.provider.sendMicroDeposits(providerToken) : null;
    const { state } = await decideOn(
      this.streams,
      this.mails,
      owner,
      {
        type: 'LinkBankAccount',
        data: {
          owner,
          origin,
          bankAccountId,
          purpose: request.purpose,
          jobId: request.purpose === 'deposit' ? request.jobId : null,
          holderName: request.holderName,
          bankName: request.bankName,
          last4: request.accountNumber.slice(-4),
          providerToken,
          microDeposits,
        },
        metadata: metadataOf(actor),
      },
      idempotencyKey,
    );
    return accountAnswer(state, bankAccountId);
  }
}

@CommandHandler(VerifyBankAccountCommand)
export class VerifyBankAccountHandler implements ICommandHandler<VerifyBankAccountCommand> {
  constructor(
    private readonly streams: EventStreams,
    private readonly accounts: BankAccounts,
    private readonly mails: BankAccountMails,
  ) {}

  async execute({ actor, origin, bankAccountId, amounts }: VerifyBankAccountCommand): Promise<AccountView> {
    const owner = await ownAccount(this.accounts, actor, bankAccountId);
    const { state, events } = await decideOn(this.streams, this.mails, owner, {
      type: 'VerifyBankAccount',
      data: { owner, origin, bankAccountId, amounts },
      metadata: metadataOf(actor),
    });
    // A wrong try is recorded (it counts), then answered as the person's mistake.
    if (events.some((e) => e.type === 'BankAccountLocked')) throw new ConflictException(LOCKED_MESSAGE);
    const failed = events.find((e) => e.type === 'BankAccountVerificationFailed');
    if (failed) {
      const left = (failed.data as { triesLeft: number }).triesLeft;
      throw new BadRequestException(`Those amounts do not match the two deposits. ${left} ${left === 1 ? 'try' : 'tries'} left.`);
    }
    return accountAnswer(state, bankAccountId);
  }
}

@CommandHandler(ChoosePayoutAccountCommand)
export class ChoosePayoutAccountHandler implements ICommandHandler<ChoosePayoutAccountCommand> {
  constructor(
    private readonly streams: EventStreams,
    private readonly accounts: BankAccounts,
    private readonly mails: BankAccountMails,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ actor, origin, bankAccountId }: ChoosePayoutAccountCommand): Promise<PayoutAnswer> {
    if (actor.companyId === null) throw new ForbiddenException('Only contractor company users choose a payout account.');
    const owner = await ownAccount(this.accounts, actor, bankAccountId);
    const metadata = metadataOf(actor);
    const { state } = await decideOn(this.streams, this.mails, owner, {
      type: 'ChoosePayoutAccount',
      data: { owner, origin, bankAccountId, hold: this.config.payoutChangeHold },
      metadata,
    });
    return answerOf(this.accounts, state, metadata.now, actor);
  }
}

@CommandHandler(DecidePayoutChangeCommand)
export class DecidePayoutChangeHandler implements ICommandHandler<DecidePayoutChangeCommand> {
  constructor(
    private readonly streams: EventStreams,
    private readonly accounts: BankAccounts,
    private readonly mails: BankAccountMails,
  ) {}

  async execute({ actor, origin, companyId, decision }: DecidePayoutChangeCommand): Promise<PayoutAnswer> {
    const owner: BankAccountOwner = { kind: 'company', id: companyId };
    const metadata = metadataOf(actor);
    const data = { owner, origin };
    const command: BankAccountCommand =
      decision === 'confirm' ? { type: 'ConfirmPayoutAccountChange', data, metadata } : { type: 'UndoPayoutAccountChange', data, metadata };
    const { state } = await decideOn(this.streams, this.mails, owner, command);
    return answerOf(this.accounts, state, metadata.now, actor);
  }
}

@CommandHandler(RemoveBankAccountCommand)
export class RemoveBankAccountHandler implements ICommandHandler<RemoveBankAccountCommand> {
  constructor(
    private readonly streams: EventStreams,
    private readonly accounts: BankAccounts,
    private readonly mails: BankAccountMails,
  ) {}

  async execute({ actor, origin, bankAccountId }: RemoveBankAccountCommand): Promise<AccountView> {
    const owner = await ownAccount(this.accounts, actor, bankAccountId);
    const { state } = await decideOn(this.streams, this.mails, owner, {
      type: 'RemoveBankAccount',
      data: { owner, origin, bankAccountId },
      metadata: metadataOf(actor),
    });
    return accountAnswer(state, bankAccountId);
  }
}

async function answerOf(accounts: BankAccounts, state: BankAccountsState, now: string, actor: SessionUser): Promise<PayoutAnswer> {
  const names = await accounts.displayNames(state.payoutChange ? [state.payoutChange.by] : []);
  return payoutAnswerOf(state, now, viewerOf(actor), (id) => names.get(id) ?? 'a former user');
}

export const BANK_ACCOUNT_HANDLERS = [
  LinkBankAccountHandler,
  VerifyBankAccountHandler,
  ChoosePayoutAccountHandler,
  DecidePayoutChangeHandler,
  RemoveBankAccountHandler,
];
