import type Decimal from 'decimal.js';

import { invalid } from '../shared/errors';
import { money, roundCents } from './money';
import { readPercent } from './percent';

/**
 * Retainage: a percentage of every payment to a payee that the escrow keeps back until the
 * project's work is accepted as a whole (docs/money.md, "Retainage"). It is a term of each
 * milestone version, frozen when the version is proposed; at most 10%.
 */
const MAX_RETAINAGE_PERCENT = money(10);
export const NO_RETAINAGE = '0.00';
export const RETAINAGE_FORMAT =
  'Enter the retainage as a percentage from 0 to 10 written as a plain number, like 5 or 2.50: at most two decimals, no % sign, spaces or leading zeros.';

/** A retainage percentage a person typed (readPercent's one form), as the text events carry ("5.00"), or the error that says what is wrong. */
export function readRetainagePercent(input: unknown): string {
  const percent = readPercent(input);
  if (percent === null) throw invalid('retainage_format', RETAINAGE_FORMAT);
  if (percent.gt(MAX_RETAINAGE_PERCENT)) throw invalid('retainage_max', 'Retainage can be at most 10% of each payment.');
  return percent.toFixed(2);
}

/**
 * What is withheld from a payment of `net` to a payee: net × percent / 100, rounded half-up to
 * the cent, once. Taken from what the payee receives; the platform's fee is not affected.
 */
export function retainageOf(net: Decimal, percent: string): Decimal {
  return roundCents(net.times(percent).dividedBy(100));
}
