import { type AccountView, type BankAccount, type BankAccountsState, changeIsHeld, maskedAccount, type PayoutAnswer } from '@escrow/domain';

/** One shape for the read model's rows and the write side's state (the holder joined from bank_account_holders). */
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

/** The write side's account with its holder's name ('' once erased: names never live in events). */
export const factsOf = (a: BankAccount, holderName: string): AccountFacts => ({ ...a, holderName, createdAt: a.linkedAt });

/** What a payout answer needs besides the state: names of people and holders, and the held change's origin. */
export interface PayoutAnswerFacts {
  nameOf: (userId: number) => string;
  holderOf: (bankAccountId: number) => string;
  /** The held change's browser and address, while not erased. */
  changeOrigin: { browser: string | null; ip: string | null } | null;
}

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
  { nameOf, holderOf, changeOrigin }: PayoutAnswerFacts,
): PayoutAnswer {
  const byId = (id: number | null) => (id === null ? null : (state.accounts.find((a) => a.bankAccountId === id) ?? null));
  const view = (id: number | null) => {
    const account = byId(id);
    return account ? accountView(factsOf(account, holderOf(account.bankAccountId)), state.payoutAccountId) : null;
  };
  const change = changeIsHeld(state, now) ? state.payoutChange! : null;
  return {
    payout_account: view(state.payoutAccountId),
    payout_change: change
      ? {
          changed_at: change.changedAt,
          changed_by_name: nameOf(change.by),
          browser: changeOrigin?.browser ?? null,
          ip: changeOrigin?.ip ?? null,
          from: view(change.from),
          to: view(change.to)!,
          hold_until: change.holdUntil,
          ...changeRights(viewer, change.by),
        }
      : null,
  };
}
