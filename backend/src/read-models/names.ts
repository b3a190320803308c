import type { CompanyRole, PaidToAccount, PayoutAccountView, PayoutHoldView } from '@escrow/domain';
import { maskedAccount } from '@escrow/domain';

/** Names for ids in a view: people and companies live in the directory, not in events. */
export interface Names {
  person(userId: number | null): string | null;
  company(companyId: number | null): string | null;
  /**
   * Where a payment to this company would go now (its payout account, masked) and why it waits,
   * if it does: from the bank-accounts read model. Absent where a view shows no payments.
   */
  payout?(companyId: number): { account: PayoutAccountView | null; hold: PayoutHoldView | null };
  /**
   * The role a milestone version's author held in their company when proposing it (issue 37), from
   * the milestones read model; null for a buyer, or a version proposed before roles were recorded.
   * Absent where a view shows no milestone versions.
   */
  authorRole?(versionId: number): CompanyRole | null;
}

/**
 * A payment's account and hold as a view shows them: a paid one names the account it went to
 * (null when paid before payouts named their account); one not paid yet names the company's
 * payout account now and why it waits, if it does.
 */
export function paymentDestination(
  payment: { status: 'requested' | 'paid'; companyId: number; paidTo?: PaidToAccount | null },
  names: Names,
): { payout_account: PayoutAccountView | null; hold: PayoutHoldView | null } {
  if (payment.status === 'paid') {
    const paid = payment.paidTo ?? null;
    return { payout_account: paid ? { last4: paid.last4, masked: maskedAccount(paid.last4), bank_name: paid.bankName } : null, hold: null };
  }
  const now = names.payout?.(payment.companyId);
  return { payout_account: now?.account ?? null, hold: now?.hold ?? null };
}
