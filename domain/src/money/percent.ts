import type Decimal from 'decimal.js';

import { money } from './money';

/**
 * The one text form of a percentage in a request: digits with at most two decimals, no sign,
 * spaces, % sign, thousands separator or leading zero ("5", "5.00", "2.5", "0", "100"). The
 * OpenAPI document shows it too.
 */
export const PERCENT_TEXT_PATTERN = '^(0|[1-9][0-9]{0,2})(\\.[0-9]{1,2})?$';
const PERCENT_TEXT = new RegExp(PERCENT_TEXT_PATTERN);

/**
 * A percentage a client sent, as a JSON number or as text in its one form; null otherwise (the
 * caller checks the range and says what it expects). " 5", "5%" and "05" are refused rather than
 * guessed at, like "2,5", which is 2.5 to some and 25 to others.
 */
export function readPercent(input: unknown): Decimal | null {
  const text = typeof input === 'number' && Number.isFinite(input) ? String(input) : typeof input === 'string' ? input : null;
  return text !== null && PERCENT_TEXT.test(text) ? money(text) : null;
}
