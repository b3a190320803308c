import type { Upcaster } from '../event-store/upcasting';
import { feeOnTop } from '../money/fees';
import { formatAmount, money } from '../money/money';

/**
 * Version 1 of a deposit's settlement and return did not carry the fee the ledger posts with
 * them; every billing deposit was charged 2.25% on top of its amount (feeOnTop), so it is that.
 */
const withFee = (type: string): Upcaster => ({
  type,
  fromVersion: 1,
  upcast: (data) => {
    const d = data as { amount?: unknown };
    // A malformed old event must reach the projector (which parks its stream) unchanged.
    if (!d || typeof d !== 'object' || typeof d.amount !== 'string') return data;
    return { fee: formatAmount(feeOnTop(money(d.amount))), ...d };
  },
});

/**
 * PayApplicationPaymentFunded 1 → 2: the period's retainage was not recorded per payee, so it is
 * held unattributed (the postings hold the difference with no payee). BillingRetainageReleased
 * 1 → 2: a release opened no payout before releases were paid out.
 */
const addIfObject =
  (fields: object): Upcaster['upcast'] =>
  (data) =>
    data && typeof data === 'object' ? { ...fields, ...data } : data;

export const BILLING_UPCASTERS: readonly Upcaster[] = [
  withFee('BillingDepositSettled'),
  withFee('BillingDepositReturned'),
  { type: 'PayApplicationPaymentFunded', fromVersion: 1, upcast: addIfObject({ retained: [] }) },
  { type: 'BillingRetainageReleased', fromVersion: 1, upcast: addIfObject({ payouts: [] }) },
];

export const BILLING_SCHEMA_VERSIONS: Record<string, number> = {
  BillingDepositSettled: 2,
  BillingDepositReturned: 2,
  PayApplicationPaymentFunded: 2,
  BillingRetainageReleased: 2,
};
