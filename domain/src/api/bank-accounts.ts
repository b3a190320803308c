/** A bank account as the API answers it (the bank accounts contract of issue 25). Never the number, never the provider token. */
export interface AccountView {
  bank_account_id: number;
  purpose: 'deposit' | 'payout';
  holder_name: string;
  bank_name: string | null;
  last4: string;
  /** "••••6789" */
  masked: string;
  status: 'pending_verification' | 'verified' | 'locked' | 'removed';
  verification_tries_left: number;
  job_id: number | null;
  created_at: string;
  is_payout_account: boolean;
}

/** A change of the company's payout account still inside its hold. */
export interface PayoutChangeView {
  changed_at: string;
  changed_by_name: string;
  /** The user agent of the browser the change was made from. */
  browser: string | null;
  ip: string | null;
  from: AccountView | null;
  to: AccountView;
  hold_until: string;
  can_confirm: boolean;
  can_undo: boolean;
}

/** GET /api/bank-accounts, GET /api/admin/companies/{id}/bank-accounts. */
export interface BankAccountsView {
  deposit_accounts: AccountView[];
  payout_accounts: AccountView[];
  payout_account: AccountView | null;
  payout_change: PayoutChangeView | null;
}

/** POST /api/bank-accounts/{id}/payout, …/payout-change/confirm and …/undo. */
export interface PayoutAnswer {
  payout_account: AccountView | null;
  payout_change: PayoutChangeView | null;
}

/**
 * How long after settlement an ACH debit can still be returned by the buyer's bank: business
 * days on live ACH, milliseconds in the sandbox (so a demo clears in seconds).
 */
export type ReturnWindow = { unit: 'business-days'; days: number } | { unit: 'ms'; ms: number };

/** GET /api/payments/policy: how long money takes, what the deposit dialog tells the buyer before any money moves. */
export interface PaymentPolicy {
  /** ACH debits settle within this many business days (docs/product.md#durations). */
  ach_settle_business_days: number;
  /** After settlement, the bank can still return the debit for this long; only then are funds released. */
  return_window: ReturnWindow;
  /** The return window in words ("2 business days"). */
  return_window_text: string;
}
