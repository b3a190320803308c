import type { BankAccount, BankAccountStatus, PayoutChange } from '../../../api/bank-accounts';

/** "Nov 26, 2026, 10:14": when a payout account changed and until when payouts wait, in the reader's time zone. */
export function changeTime(iso: string): string {
  return new Date(iso).toLocaleString('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
}

export const STATUS_TEXT: Record<BankAccountStatus, string> = {
  pending_verification: 'Pending verification',
  verified: 'Verified',
  locked: 'Locked',
  removed: 'Removed',
};

export const PAYOUT_ACCOUNT_TAG = 'Payout account';
export const DEPOSITS_FROM_TAG = 'Deposits come from this account';

/** The confirm-deposits form's lead (issue 25's sandbox sends the two deposits at once). */
export const depositsSentText = (account: Pick<BankAccount, 'masked'>) => `We sent two deposits under $1.00 to ${account.masked}. Enter both amounts.`;
export const triesLeftText = (n: number) => `${n} ${n === 1 ? 'try' : 'tries'} left.`;
export const LOCKED_TEXT = 'This account is locked after three wrong tries. Link it again to get new deposits.';
export const AMOUNT_FORMAT = 'Enter the amount in dollars and cents, for example 0.32.';
export const AMOUNT_UNDER_A_DOLLAR = 'Each deposit is under $1.00, for example 0.32.';
export { SANDBOX_MICRO_DEPOSITS_TEXT } from '../../../api/bank-accounts';

/** What choosing a payout account does, said before it happens. */
export function choosePayoutText(companyName: string, account: Pick<BankAccount, 'masked'>, first: boolean): string {
  return first
    ? `Payouts to ${companyName} will go to ${account.masked}. Every user of your company and our administrators will be emailed.`
    : `Payouts to ${companyName} will go to ${account.masked}. Every user of your company and our administrators will be emailed; payouts wait until the change is confirmed or for the hold period.`;
}

/**
 * "Chrome on Linux" from a browser's user agent (the API records the header as sent); a name
 * already in that form is kept, and what cannot be read is "an unknown browser".
 */
export function browserName(userAgent: string | null): string {
  const ua = (userAgent ?? '').trim();
  if (!ua) return 'an unknown browser';
  if (/^[\w .-]+ on [\w .-]+$/.test(ua)) return ua;
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\//.test(ua)
      ? 'Opera'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Chrom(e|ium)\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : null;
  const os = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad/.test(ua)
      ? 'iOS'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'macOS'
          : /CrOS/.test(ua)
            ? 'ChromeOS'
            : /Linux/.test(ua)
              ? 'Linux'
              : null;
  if (!browser && !os) return 'an unknown browser';
  return `${browser ?? 'a browser'}${os ? ` on ${os}` : ''}`;
}

/** The pending change, as the banner says it ("…: ••••1111 → ••••6789. Payouts wait until … unless another user of your company confirms."). */
export function payoutChangeText(change: PayoutChange, audience: 'company' | 'admin'): string {
  const from = change.from ? change.from.masked : 'no account';
  const who = audience === 'company' ? 'another user of your company confirms' : 'a user of the company or an administrator confirms';
  const where = `${browserName(change.browser)}${change.ip ? ` (${change.ip})` : ''}`;
  return (
    `Payout account changed on ${changeTime(change.changed_at)} by ${change.changed_by_name} from ${where}: ` +
    `${from} → ${change.to.masked}. Payouts wait until ${changeTime(change.hold_until)} unless ${who}.`
  );
}
