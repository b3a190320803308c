import Decimal from 'decimal.js';

/**
 * Money is decimal.js in code and a string with two decimals ("1234.50") on the wire, in events
 * and in read models. Never a JavaScript float. Rounding is half-up to the cent, at the named
 * places that call roundCents.
 */
export const Money = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
export type Money = Decimal;

/** Amounts are at most 12 digits of dollars: far beyond any project, well inside exact range. */
export const MAX_AMOUNT = new Money('999999999999.99');
const AMOUNT_PATTERN = /^-?\d{1,12}(\.\d{1,2})?$/;

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

/** "$1,234.50", as the screens show amounts (dollars, two decimals, spec §9). */
export function formatDollars(value: Decimal | string): string {
  const d = typeof value === 'string' ? money(value) : value;
  const [whole, cents] = roundCents(d.abs()).toFixed(2).split('.');
  const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${d.isNegative() && !d.isZero() ? '-' : ''}$${grouped}.${cents}`;
}

/**
 * Reads an amount given by a person or a client: a number or text with at most two decimals.
 * Null when it is not one (the caller says what was expected).
 */
export function parseAmount(input: unknown): Decimal | null {
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return null;
    input = String(input);
  }
  if (typeof input !== 'string') return null;
  const text = input.trim().replace(/^\$/, '').replace(/,/g, '');
  if (!AMOUNT_PATTERN.test(text)) return null;
  return money(text);
}

export function sum(values: Iterable<Decimal>): Decimal {
  let total = ZERO;
  for (const v of values) total = total.plus(v);
  return total;
}

/**
 * Splits `total` cents across weights so the parts add up to `total` exactly (largest
 * remainder): used when a dispute releases part of a milestone.
 */
export function allocateCents(total: Decimal, weights: Decimal[]): Decimal[] {
  const cents = roundCents(total).times(100).toNumber();
  const weightSum = sum(weights);
  if (weights.length === 0) return [];
  if (weightSum.isZero()) return weights.map((_, i) => (i === 0 ? roundCents(total) : ZERO));
  const raw = weights.map((w) => new Money(cents).times(w).dividedBy(weightSum));
  const floors = raw.map((r) => r.floor());
  let left = cents - sum(floors).toNumber();
  const order = raw.map((r, i) => ({ i, fraction: r.minus(floors[i]!) })).sort((a, b) => b.fraction.comparedTo(a.fraction) || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    floors[i] = floors[i]!.plus(1);
    left--;
  }
  return floors.map((c) => c.dividedBy(100));
}
