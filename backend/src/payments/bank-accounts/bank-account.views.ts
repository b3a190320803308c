import { type AccountView, type BankAccount, type BankAccountsState, changeIsHeld, maskedAccount, type PayoutAnswer } from '@escrow/domain';

export type { AccountView, BankAccountsView, PayoutAnswer, PayoutChangeView } from '@escrow/domain';

/** One shape for the read model's rows and the write side's state. */
export interface AccountFacts {
  bankAccountId: number;
  purpose: 'deposit' | 'payout';
  holderName: string;
  bankName: string | null;
  last4: string;
  status: AccountView['status'];
  triesLeft: number;
  jobId: number | null;
  createdAt: string;
}

export const accountView = (a: AccountFacts, payoutAccountId: number | null): AccountView => ({
  bank_account_id: a.bankAccountId,
  purpose: a.purpose,
  holder_name: a.holderName,
  bank_name: a.bankName,
  last4: a.last4,
  masked: maskedAccount(a.last4),
  status: a.status,
  verification_tries_left: a.triesLeft,
  job_id: a.jobId,
  created_at: a.createdAt,
  is_payout_account: a.bankAccountId === payoutAccountId,
});

export const factsOf = (a: BankAccount): AccountFacts => ({ ...a, createdAt: a.linkedAt });

/** Who may do what with a held change: anyone of the company undoes; only someone other than the changer (or an admin) confirms. */
export const changeRights = (viewer: { userId: number; admin: boolean }, changedBy: number) => ({
  can_confirm: viewer.admin || viewer.userId !== changedBy,
  can_undo: true,
});

/** The payout answer from the write side's state: what a command that changed it answers. */
export function payoutAnswerOf(
  state: BankAccountsState,
  now: string,
  viewer: { userId: number; admin: boolean },
  nameOf: (userId: number) => string,
): PayoutAnswer {
  const byId = (id: number | null) => (id === null ? null : (state.accounts.find((a) => a.bankAccountId === id) ?? null));
  const view = (id: number | null) => {
    const account = byId(id);
    return account ? accountView(factsOf(account), state.payoutAccountId) : null;
  };
  const change = changeIsHeld(state, now) ? state.payoutChange! : null;
  return {
    payout_account: view(state.payoutAccountId),
    payout_change: change
      ? {
          changed_at: change.changedAt,
          changed_by_name: nameOf(change.by),
          browser: change.browser,
          ip: change.ip,
          from: view(change.from),
          to: view(change.to)!,
          hold_until: change.holdUntil,
          ...changeRights(viewer, change.by),
        }
      : null,
  };
}
