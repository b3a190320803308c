import { money } from '../money/money';
import { assertNever, type CommandMetadata } from '../shared/command';
import { conflict, forbidden, invalid, notFound } from '../shared/errors';
import { accountOf, type BankAccount, type BankAccountsState } from './bank-accounts.state';
import type { BankAccountCommand, RequestOrigin } from './commands';
import type { ActedBy, BankAccountEvent, BankAccountOwner } from './events';
import { changeIsHeld, holdEnd } from './payout-destination';

export const LOCKED_MESSAGE = 'This account is locked after three wrong tries. Link it again to get new deposits.';
export const UNVERIFIED_MESSAGE = 'Confirm the two small deposits before this account can receive payouts.';
export const OWN_CHANGE_MESSAGE = 'Another user of your company or an administrator must confirm a change you made.';

/** Who may act on this owner's accounts: its own user(s); administrators only confirm or undo a payout change. */
function actorOf(owner: BankAccountOwner, metadata: CommandMetadata, adminAllowed: boolean): ActedBy['byRole'] {
  if (metadata.actorRole === 'admin') {
    if (adminAllowed) return 'admin';
    throw forbidden('admin_not_owner', 'Administrators confirm or undo a payout account change; the company manages its own accounts.');
  }
  const own =
    owner.kind === 'company'
      ? metadata.actorRole === 'company' && metadata.actorCompanyId === owner.id
      : metadata.actorRole === 'customer' && metadata.actorId === owner.id;
  if (!own)
    throw forbidden(
      'not_account_owner',
      owner.kind === 'company' ? 'Only users of this company manage its payout accounts.' : 'Only you manage your deposit accounts.',
    );
  return 'user';
}

const acted = (metadata: CommandMetadata, byRole: ActedBy['byRole'], origin: RequestOrigin): ActedBy => ({
  by: metadata.actorId,
  byRole,
  sessionId: origin.sessionId,
  originId: origin.originId,
});

function requireAccount(state: BankAccountsState, id: number): BankAccount {
  const account = accountOf(state, id);
  if (!account || account.status === 'removed') throw notFound('bank_account_not_found', 'There is no such bank account.');
  return account;
}

const cents = (amount: string): string | null => {
  try {
    const value = money(amount);
    return value.isFinite() && value.gte(0) && value.decimalPlaces() <= 2 ? value.toFixed(2) : null;
  } catch {
    return null;
  }
};

/** Same two amounts in either order. */
function sameAmounts(given: string[], sent: [string, string]): boolean {
  const a = given.map(cents);
  if (a.length !== 2 || a.some((x) => x === null)) throw invalid('amounts_invalid', 'Enter the two deposit amounts, like 0.32 and 0.45.');
  const b = sent.map((x) => money(x).toFixed(2));
  return [...(a as string[])].sort().join() === [...b].sort().join();
}

export function decideBankAccounts(command: BankAccountCommand, state: BankAccountsState): BankAccountEvent[] {
  const { metadata } = command;
  const { owner, origin } = command.data;
  if (state.owner && (state.owner.kind !== owner.kind || state.owner.id !== owner.id)) throw invalid('wrong_owner', 'This stream belongs to another owner.');
  const at = metadata.now;
  switch (command.type) {
    case 'LinkBankAccount': {
      const by = acted(metadata, actorOf(owner, metadata, false), origin);
      const d = command.data;
      const purpose = owner.kind === 'company' ? 'payout' : 'deposit';
      if (d.purpose !== purpose)
        throw forbidden('wrong_purpose', purpose === 'payout' ? 'A company links payout accounts.' : 'A buyer links deposit accounts.');
      if (accountOf(state, d.bankAccountId)) return []; // the same link again
      if (!/^\d{4}$/.test(d.last4)) throw invalid('last4_invalid', 'The account number has 4 to 17 digits.');
      if (purpose === 'payout' && !d.microDeposits) throw invalid('micro_deposits_missing', 'A payout account is verified with two small deposits.');
      const base = { owner, at, bankAccountId: d.bankAccountId, ...by };
      const linked: BankAccountEvent = {
        type: 'BankAccountLinked',
        data: { ...base, purpose, jobId: d.jobId, bankName: d.bankName, last4: d.last4, providerToken: d.providerToken },
      };
      if (purpose === 'payout') return [linked, { type: 'MicroDepositsSent', data: { ...base, amounts: d.microDeposits! } }];
      const previous = state.depositChoices[state.depositChoices.length - 1] ?? null;
      return [linked, { type: 'DepositAccountChosen', data: { ...base, previousBankAccountId: previous } }];
    }
    case 'VerifyBankAccount': {
      const by = acted(metadata, actorOf(owner, metadata, false), origin);
      const account = requireAccount(state, command.data.bankAccountId);
      if (account.status === 'verified') return [];
      if (account.status === 'locked') throw conflict('bank_account_locked', LOCKED_MESSAGE);
      const base = { owner, at, bankAccountId: account.bankAccountId, ...by };
      if (account.microDeposits && sameAmounts(command.data.amounts, account.microDeposits)) return [{ type: 'BankAccountVerified', data: base }];
      const triesLeft = account.triesLeft - 1;
      const failed: BankAccountEvent = { type: 'BankAccountVerificationFailed', data: { ...base, triesLeft } };
      return triesLeft > 0 ? [failed] : [failed, { type: 'BankAccountLocked', data: base }];
    }
    case 'ChoosePayoutAccount': {
      const by = acted(metadata, actorOf(owner, metadata, false), origin);
      const account = requireAccount(state, command.data.bankAccountId);
      if (account.purpose !== 'payout') throw invalid('not_payout_account', 'Only a payout account can receive payouts.');
      if (account.status === 'locked') throw conflict('bank_account_locked', LOCKED_MESSAGE);
      if (account.status !== 'verified') throw conflict('bank_account_unverified', UNVERIFIED_MESSAGE);
      if (state.payoutAccountId === account.bankAccountId) return [];
      const base = { owner, at, bankAccountId: account.bankAccountId, ...by };
      const held = changeIsHeld(state, at) ? state.payoutChange! : null;
      // Going back to the account a held change replaced is the undo of that change.
      if (held && held.from === account.bankAccountId) {
        return [{ type: 'PayoutAccountChangeUndone', data: { ...base, bankAccountId: held.to, restoredBankAccountId: account.bankAccountId } }];
      }
      // Only a company's very first payout account takes effect at once; every later choice is
      // held, and while a change is held the account it replaced stays the one an undo restores.
      if (!state.payoutEverChosen) return [{ type: 'PayoutAccountChosen', data: { ...base, previousBankAccountId: null, holdUntil: null } }];
      const previous = held ? held.from : state.payoutAccountId;
      return [{ type: 'PayoutAccountChosen', data: { ...base, previousBankAccountId: previous, holdUntil: holdEnd(at, command.data.hold) } }];
    }
    case 'ConfirmPayoutAccountChange': {
      const byRole = actorOf(owner, metadata, true);
      if (!changeIsHeld(state, at)) throw conflict('no_held_change', 'There is no payout account change waiting to be confirmed.');
      const change = state.payoutChange!;
      // The portal tells whoever made the change whom to ask (issue 37): the code is the reason too.
      if (byRole !== 'admin' && change.by === metadata.actorId) throw forbidden('own_change', OWN_CHANGE_MESSAGE);
      return [{ type: 'PayoutAccountChangeConfirmed', data: { owner, at, bankAccountId: change.to, ...acted(metadata, byRole, origin) } }];
    }
    case 'UndoPayoutAccountChange': {
      const byRole = actorOf(owner, metadata, true);
      if (!changeIsHeld(state, at)) {
        throw conflict(
          'no_held_change',
          'There is no held payout account change to undo: after its hold, choose the previous account again (that is a change too, held like any other).',
        );
      }
      const change = state.payoutChange!;
      const previous = accountOf(state, change.from);
      const restored = previous && previous.status === 'verified' ? previous.bankAccountId : null;
      return [
        {
          type: 'PayoutAccountChangeUndone',
          data: { owner, at, bankAccountId: change.to, restoredBankAccountId: restored, ...acted(metadata, byRole, origin) },
        },
      ];
    }
    case 'RemoveBankAccount': {
      const by = acted(metadata, actorOf(owner, metadata, false), origin);
      const account = accountOf(state, command.data.bankAccountId);
      if (!account) throw notFound('bank_account_not_found', 'There is no such bank account.');
      if (account.status === 'removed') return [];
      return [{ type: 'BankAccountRemoved', data: { owner, at, bankAccountId: account.bankAccountId, ...by } }];
    }
    default:
      return assertNever(command);
  }
}
