/** The bank accounts contract of issue 25 (GET /api/bank-accounts and the account commands). */

export type BankAccountStatus = 'pending_verification' | 'verified' | 'locked' | 'removed';

export interface BankAccount {
  bank_account_id: number;
  purpose: 'deposit' | 'payout';
  holder_name: string;
  bank_name: string | null;
  last4: string;
  /** "••••6789": the API's own masking, shown as is. */
  masked: string;
  status: BankAccountStatus;
  verification_tries_left: number;
  job_id: number | null;
  created_at: string;
  is_payout_account: boolean;
}

/** A company's payout account changed and the change has not been confirmed or undone yet. */
export interface PayoutChange {
  changed_at: string;
  changed_by_name: string;
  browser: string;
  ip: string;
  from: BankAccount | null;
  to: BankAccount;
  hold_until: string;
  can_confirm: boolean;
  can_undo: boolean;
}

export interface BankAccountsView {
  deposit_accounts: BankAccount[];
  payout_accounts: BankAccount[];
  payout_account: BankAccount | null;
  payout_change: PayoutChange | null;
}

/** What a choice of payout account answers (POST /api/bank-accounts/:id/payout and the change's confirm and undo). */
export interface PayoutChoice {
  payout_account: BankAccount | null;
  payout_change: PayoutChange | null;
}

/** Where a disbursement or retainage payment is paid to, masked. */
export interface PayoutAccountRef {
  last4: string;
  masked: string;
  bank_name: string | null;
}

export type PaymentHold = { reason: 'payout_account_changed'; since: string; until: string; text: string } | { reason: 'no_payout_account'; text: string };

/** The fields issue 25 adds to the payments on the milestone card and the admin's project page. */
export interface PaymentDestination {
  payout_account?: PayoutAccountRef | null;
  hold?: PaymentHold | null;
}
