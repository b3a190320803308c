import type { PaymentPolicy } from '../api/payment-policy';
import { ACH_SETTLE_BUSINESS_DAYS, addBusinessDays, RETURN_WINDOW_BUSINESS_DAYS } from '../lib/business-days';

/** The return window before the API has said which is in force: a live provider's default. */
export const DEFAULT_POLICY: PaymentPolicy = {
  ach_settle_business_days: ACH_SETTLE_BUSINESS_DAYS,
  return_window: { unit: 'business-days', days: RETURN_WINDOW_BUSINESS_DAYS },
  return_window_text: `${RETURN_WINDOW_BUSINESS_DAYS} business days`,
};

/** When a deposit requested now settles and clears, at the latest (docs/product.md#durations and the return window in force). */
export function clearingDates(now: Date, policy: PaymentPolicy = DEFAULT_POLICY) {
  const settles = addBusinessDays(now, policy.ach_settle_business_days);
  const window = policy.return_window;
  return { settles, clears: window.unit === 'business-days' ? addBusinessDays(settles, window.days) : new Date(settles.getTime() + window.ms) };
}
