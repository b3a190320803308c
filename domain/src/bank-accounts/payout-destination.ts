import { accountOf, type BankAccount, type BankAccountsState } from './bank-accounts.state';
import type { PayoutChangeHold } from './commands';

/** The account a payout goes to, as the payment instruction and the paid event name it. */
export interface PayoutAccountRef {
  bankAccountId: number;
  last4: string;
  bankName: string | null;
  providerToken: string;
}

export type PayoutHold = { reason: 'payout_account_changed'; since: string; until: string } | { reason: 'no_payout_account' };

/**
 * Where a payout due to this company may go now: its payout account when that is verified and
 * not inside the hold of a recent change, else why it waits. The only place this rule lives:
 * the dispatcher asks it before it claims a payout, the read side shows its answer.
 */
export function payoutDestination(state: BankAccountsState, now: string): { account: PayoutAccountRef } | { held: PayoutHold } {
  const account = accountOf(state, state.payoutAccountId);
  if (!account || account.status !== 'verified') return { held: { reason: 'no_payout_account' } };
  const change = state.payoutChange;
  if (change && Date.parse(now) < Date.parse(change.holdUntil)) {
    return { held: { reason: 'payout_account_changed', since: change.changedAt, until: change.holdUntil } };
  }
  return { account: { bankAccountId: account.bankAccountId, last4: account.last4, bankName: account.bankName, providerToken: account.providerToken } };
}

/** A held change is one whose hold has not run out (a confirmation or an undo removes it at once). */
export const changeIsHeld = (state: BankAccountsState, now: string): boolean =>
  state.payoutChange !== null && Date.parse(now) < Date.parse(state.payoutChange.holdUntil);

const DAY_MS = 86_400_000;

/** When the hold of a change made at `now` ends: business days skip Saturday and Sunday (UTC). */
export function holdEnd(now: string, hold: PayoutChangeHold): string {
  const start = Date.parse(now);
  if ('seconds' in hold) return new Date(start + hold.seconds * 1000).toISOString();
  let at = start;
  for (let counted = 0; counted < hold.businessDays;) {
    at += DAY_MS;
    const weekday = new Date(at).getUTCDay();
    if (weekday !== 0 && weekday !== 6) counted++;
  }
  return new Date(at).toISOString();
}

/** Reads PAYOUT_CHANGE_HOLD: "3 business days" (the default), "2 business day", "60s", "90 seconds". */
export function parsePayoutChangeHold(text: string | undefined): PayoutChangeHold | null {
  const value = (text ?? '3 business days').trim().toLowerCase();
  const days = /^(\d{1,2})\s*business\s*days?$/.exec(value);
  if (days) return { businessDays: Number(days[1]) };
  const seconds = /^(\d{1,7})\s*(s|sec|secs|seconds?)$/.exec(value);
  if (seconds) return { seconds: Number(seconds[1]) };
  return null;
}

const DATE = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** The words a held payment shows (card, admin page): "held: payout account changed on Nov 26, 2026". */
export function payoutHoldText(hold: PayoutHold): string {
  return hold.reason === 'no_payout_account' ? 'waiting for a verified payout account' : `held: payout account changed on ${DATE.format(new Date(hold.since))}`;
}

/** "••••6789": how an account number is shown anywhere. */
export const maskedAccount = (last4: string): string => `••••${last4}`;

/** The two micro-deposits the sandbox provider sends to every new payout account (docs/payments.md#the-sandbox-provider). */
export const SANDBOX_MICRO_DEPOSITS: [string, string] = ['0.32', '0.45'];

/** The buyer's account a deposit for this project is drawn from: the newest chosen one linked for it or for every project. */
export function depositAccountFor(state: BankAccountsState, projectId: number): BankAccount | null {
  for (const id of [...state.depositChoices].reverse()) {
    const account = accountOf(state, id);
    if (account && account.status === 'verified' && (account.jobId === null || account.jobId === projectId)) return account;
  }
  return null;
}
