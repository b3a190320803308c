/**
 * How long an ACH deposit takes: it settles within 5 business days (docs/product.md#durations), and settled funds
 * clear for release after the return window (2 business days by default; the operator can
 * change it, so the texts say "by default").
 */
export const ACH_SETTLE_BUSINESS_DAYS = 5;
export const RETURN_WINDOW_BUSINESS_DAYS = 2;

/** `days` business days (Monday to Friday; bank holidays not counted) after `from`. */
export function addBusinessDays(from: Date, days: number): Date {
  const d = new Date(from);
  let left = days;
  while (left > 0) {
    d.setDate(d.getDate() + 1);
    const weekday = d.getDay();
    if (weekday !== 0 && weekday !== 6) left--;
  }
  return d;
}

export const longDay = (d: Date): string => d.toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' });
