import { formatAmount, money } from '../money/money';

/**
 * The accounts of the double-entry ledger, per milestone (and per progress-billed project,
 * billing-postings.ts). Amounts say where money is: a settled deposit moves it from the buyer's
 * funding (negative: it came from outside) into escrow; a disbursement moves it from escrow to a
 * payee's payable and the platform's fees; a payout from the payable to the payee's paid-out
 * account; a refund from escrow to the buyer. Retainage withheld from a disbursement moves from
 * escrow to the payee's retainage account; its release moves it on to the payee's payable (then
 * paid out like a disbursement), its refund to the buyer's refunds payable.
 * Every posting set sums to zero, so all accounts together always balance.
 */
type LedgerAccount =
  | 'buyer_funding'
  | 'escrow'
  | 'payee_payable'
  | 'payee_payouts'
  | 'platform_fees'
  | 'refunds_payable'
  | 'buyer_refunds'
  /** Withheld from a payee's disbursements (per payee company) until the project's retainage is released or refunded. */
  | 'retainage';

export interface Posting {
  account: LedgerAccount;
  /** The company whose payable this is, for payee accounts. */
  companyId: number | null;
  /** Signed, in dollars: debits positive, credits negative; a posting set sums to zero. */
  amount: string;
}

export const post = (account: LedgerAccount, amount: string, companyId: number | null = null): Posting => ({
  account,
  companyId,
  amount: formatAmount(money(amount)),
});
export const negate = (amount: string) => formatAmount(money(amount).negated());
