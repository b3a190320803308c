import {
  type AccountView,
  type BankAccountCommand,
  type BankAccountEvent,
  type BankAccountOwner,
  type BankAccountsState,
  notFound,
  type PayoutAnswer,
} from '@escrow/domain';
import { Injectable } from '@nestjs/common';

import { EventStreams } from '../command-side';
import type { SessionUser } from '../identity';
import { BankAccountMails } from './bank-account.mails';
import { accountView, factsOf, payoutAnswerOf } from './bank-account.views';
import { BankAccountPersonalData } from './bank-account-personal-data';
import { bankAccountsStreamOf } from './bank-account-streams';
import { BankAccounts } from './bank-accounts.service';
import type { HttpOrigin } from './request-origin';

const viewerOf = (actor: SessionUser) => ({ userId: actor.userId, admin: actor.role === 'admin' });

/** What every bank account command's handler decides and answers with. */
@Injectable()
export class BankAccountDeciding {
  constructor(
    private readonly streams: EventStreams,
    private readonly mails: BankAccountMails,
    private readonly personal: BankAccountPersonalData,
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
export async function ownAccount(accounts: BankAccounts, actor: SessionUser, bankAccountId: number): Promise<BankAccountOwner> {
  const owner = await accounts.ownerOf(bankAccountId);
  const own = owner && (owner.kind === 'company' ? owner.id === actor.companyId : owner.id === actor.userId);
  if (!owner || !own) throw notFound('no_such_bank_account', 'There is no such bank account.');
  return owner;
}
