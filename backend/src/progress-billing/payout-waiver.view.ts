import { type BillingPayoutState, payoutWaiver, payoutWaiverStatus, type PayoutWaiverView } from '@escrow/domain';

/**
 * A payout's lien waivers as every billing answer gives them (a pay application's payment, a
 * retainage release): where they stand and the latest waiver to print. Before a payment is funded
 * it has no payout yet, and says whether one will wait for a waiver (`dueOnceFunded`).
 */
export function payoutWaiverView(payout: BillingPayoutState | undefined, dueOnceFunded = false): PayoutWaiverView {
  if (!payout) return { payout_id: null, waiver: dueOnceFunded ? 'due' : 'none', waiver_name: null };
  return {
    payout_id: payout.payoutId,
    waiver: payoutWaiverStatus(payout),
    waiver_name: (payoutWaiver(payout, 'unconditional') ?? payoutWaiver(payout, 'conditional'))?.waiverName ?? null,
  };
}
