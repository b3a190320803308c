import type { CommandMetadata } from '../shared/command';
import { decideBankAccounts } from './bank-accounts.decider';
import { type BankAccountsState, foldBankAccounts } from './bank-accounts.state';
import type { BankAccountCommand, PayoutChangeHold, RequestOrigin } from './commands';
import type { BankAccountEvent, BankAccountOwner } from './events';

/** Fixtures of the bank-account decider specs: company 20 with users 21 and 22, buyer 10, admin 1. */
const COMPANY: BankAccountOwner = { kind: 'company', id: 20 };
const BUYER: BankAccountOwner = { kind: 'user', id: 10 };
const ORIGIN: RequestOrigin = { originId: 'o-1', sessionId: 's-1' };
const HOLD: PayoutChangeHold = { businessDays: 3 };
const SANDBOX_DEPOSITS: [string, string] = ['0.32', '0.45'];

let clock = Date.parse('2026-11-23T09:00:00.000Z'); // a Monday
export const tick = (ms = 60_000): string => new Date((clock += ms)).toISOString();
export const now = (): string => new Date(clock).toISOString();

export const as = {
  seller: (): CommandMetadata => ({ now: tick(), actorId: 21, actorRole: 'company', actorCompanyId: 20 }),
  colleague: (): CommandMetadata => ({ now: tick(), actorId: 22, actorRole: 'company', actorCompanyId: 20 }),
  outsider: (): CommandMetadata => ({ now: tick(), actorId: 99, actorRole: 'company', actorCompanyId: 77 }),
  buyer: (): CommandMetadata => ({ now: tick(), actorId: 10, actorRole: 'customer' }),
  admin: (): CommandMetadata => ({ now: tick(), actorId: 1, actorRole: 'admin' }),
};

export const linkPayout = (bankAccountId: number, metadata = as.seller(), last4 = '6789'): BankAccountCommand => ({
  type: 'LinkBankAccount',
  data: {
    owner: COMPANY,
    origin: ORIGIN,
    bankAccountId,
    purpose: 'payout',
    jobId: null,
    bankName: 'First Sandbox Bank',
    last4,
    providerToken: `sbx_ba_${bankAccountId}`,
    microDeposits: SANDBOX_DEPOSITS,
  },
  metadata,
});
export const linkDeposit = (bankAccountId: number, metadata = as.buyer(), projectId: number | null = null): BankAccountCommand => ({
  type: 'LinkBankAccount',
  data: {
    owner: BUYER,
    origin: ORIGIN,
    bankAccountId,
    purpose: 'deposit',
    jobId: projectId,
    bankName: null,
    last4: '1111',
    providerToken: `sbx_ba_${bankAccountId}`,
    microDeposits: null,
  },
  metadata,
});
export const verify = (bankAccountId: number, amounts: string[] = SANDBOX_DEPOSITS, metadata = as.seller()): BankAccountCommand => ({
  type: 'VerifyBankAccount',
  data: { owner: COMPANY, origin: ORIGIN, bankAccountId, amounts },
  metadata,
});
export const choose = (bankAccountId: number, metadata = as.seller(), hold: PayoutChangeHold = HOLD): BankAccountCommand => ({
  type: 'ChoosePayoutAccount',
  data: { owner: COMPANY, origin: ORIGIN, bankAccountId, hold },
  metadata,
});
export const confirm = (metadata = as.colleague()): BankAccountCommand => ({
  type: 'ConfirmPayoutAccountChange',
  data: { owner: COMPANY, origin: ORIGIN },
  metadata,
});
export const undo = (metadata = as.colleague()): BankAccountCommand => ({
  type: 'UndoPayoutAccountChange',
  data: { owner: COMPANY, origin: ORIGIN },
  metadata,
});
export const remove = (bankAccountId: number, metadata = as.seller(), owner: BankAccountOwner = COMPANY): BankAccountCommand => ({
  type: 'RemoveBankAccount',
  data: { owner, origin: ORIGIN, bankAccountId },
  metadata,
});

/** given(events).when(command) → events, or throws the domain error. */
export function given(history: BankAccountEvent[]) {
  const state: BankAccountsState = foldBankAccounts(history);
  return {
    state,
    when: (command: BankAccountCommand) => decideBankAccounts(command, state),
    then: (command: BankAccountCommand) => [...history, ...decideBankAccounts(command, state)],
  };
}

/** Runs commands in order from nothing, each on the state the previous ones produced. */
export const run = (...commands: BankAccountCommand[]): BankAccountEvent[] => commands.reduce<BankAccountEvent[]>((h, c) => given(h).then(c), []);

/** A company whose first payout account (1, ••••6789) is verified and chosen. */
export const withPayoutAccount = (): BankAccountEvent[] => run(linkPayout(1), verify(1), choose(1));
