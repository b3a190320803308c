import Decimal from 'decimal.js';

/**
 * Money is decimal.js in code and a string with two decimals ("1234.50") on the wire, in events
 * and in read models. Never a JavaScript float. Rounding is half-up to the cent, at the named
 * places that call roundCents.
 */
const Money = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
type Money = Decimal;

/**
 * The one bound of every amount an event carries (payee amounts, fees, deposit totals, what the
 * buyer owes, refunds, dispute splits): just under a billion dollars, far beyond any building
 * project's milestone. Every read-model column is numeric(20,2), which also holds the sums of
 * millions of such amounts, so nothing the deciders accept can overflow a projector.
 */
export const MAX_AMOUNT = new Money('999999999.99');
export const MAX_AMOUNT_TEXT = '$999,999,999.99';
const NUMBER_PATTERN = /^-?\d+(\.\d+)?$/;

export const ZERO = new Money(0);

export function money(value: string | number | Decimal): Decimal {
  return new Money(value);
}

export function roundCents(value: Decimal): Decimal {
  return value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}

/** "1234.50": the one text form of an amount. */
export function formatAmount(value: Decimal): string {
  return roundCents(value).toFixed(2);
}

/** "$1,234.50", as the screens show amounts (dollars, two decimals: docs/product.md#amounts-and-defaults). */
export function formatDollars(value: Decimal | string): string {
  const d = typeof value === 'string' ? money(value) : value;
  const [whole, cents] = roundCents(d.abs()).toFixed(2).split('.');
  const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${d.isNegative() && !d.isZero() ? '-' : ''}$${grouped}.${cents}`;
}

export type AmountReading = { ok: true; value: Decimal } | { ok: false; problem: 'format' | 'decimals' | 'too_large' };

/**
 * Reads an amount given by a person or a client: a number, or text such as "1,234.50" or
 * "$12". Says what is wrong otherwise: not a number, more than two decimals, or beyond
 * MAX_AMOUNT (so "1000000000000" is too large, not "at most two decimals").
 */
export function readAmount(input: unknown): AmountReading {
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return { ok: false, problem: 'format' };
    if (Math.abs(input) > 1e15) return { ok: false, problem: 'too_large' };
    text = String(input);
  } else if (typeof input === 'string') {
    text = input.trim().replace(/^\$/, '').replace(/,/g, '');
  } else {
    return { ok: false, problem: 'format' };
  }
  if (text.length > 40 || !NUMBER_PATTERN.test(text)) return { ok: false, problem: 'format' };
  const value = money(text);
  if (value.abs().gt(MAX_AMOUNT)) return { ok: false, problem: 'too_large' };
  if (value.decimalPlaces() > 2) return { ok: false, problem: 'decimals' };
  return { ok: true, value };
}

/** An amount with at most two decimals within MAX_AMOUNT, or null (the caller says what was expected). */
export function parseAmount(input: unknown): Decimal | null {
  const reading = readAmount(input);
  return reading.ok ? reading.value : null;
}

export function sum(values: Iterable<Decimal>): Decimal {
  let total = ZERO;
  for (const v of values) total = total.plus(v);
  return total;
}

/**
 * Splits `total` cents across weights so the parts add up to `total` exactly (largest
 * remainder; ties go to the earlier weight): percent shares, fees across payees, and what a
 * dispute releases to each payee.
 */
export function allocateCents(total: Decimal, weights: Decimal[]): Decimal[] {
  if (weights.length === 0) return [];
  const cents = roundCents(total).times(100);
  const weightSum = sum(weights);
  if (weightSum.isZero()) return weights.map((_, i) => (i === 0 ? roundCents(total) : ZERO));
  const raw = weights.map((w) => cents.times(w).dividedBy(weightSum));
  const floors = raw.map((r) => r.floor());
  let left = cents.minus(sum(floors)).toNumber(); // at most weights.length
  const order = raw.map((r, i) => ({ i, fraction: r.minus(floors[i]!) })).sort((a, b) => b.fraction.comparedTo(a.fraction) || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    floors[i] = floors[i]!.plus(1);
    left--;
  }
  return floors.map((c) => c.dividedBy(100));
}
