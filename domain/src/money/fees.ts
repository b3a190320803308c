import type Decimal from 'decimal.js';

import type { SiteState } from '../lien-waivers/states';
import { invalid, unprocessable } from '../shared/errors';
import { allocateCents, formatAmount, formatDollars, MAX_AMOUNT, MAX_AMOUNT_TEXT, money, readAmount, roundCents, sum } from './money';
import { readPercent } from './percent';
import { NO_RETAINAGE, retainageOf } from './retainage';

/** The project fee: 2.25% of the project cost, paid by the owner (docs/product.md#fees). */
export const FEE_RATE = money('0.0225');
export const INCLUDE_FEE_NET_RATE = money('0.9775');

export type PayeeType = 'fixed' | 'percent' | 'remainder';

/** A payee as the milestone form sends it (POST /api/milestone in docs/product.md#api-calls). */
export interface PayeeInput {
  companyId: number;
  type: PayeeType;
  /** Dollars; required for fixed payees. */
  amount?: string | number | null;
  /** 0–100; required for percent payees. */
  percentage?: string | number | null;
  includeFee: boolean;
}

/**
 * A payee's terms as stored in events: exact strings. Exported for the declaration of
 * milestone.payouts.ts, whose return type names it.
 * @public
 */
export interface PayeeTerms {
  payeeId: number;
  companyId: number;
  type: PayeeType;
  /** Set for percent payees: the share as a decimal fraction ("0.25" for 25%). */
  percentDecimal: string | null;
  /** The payee's share of the milestone, before fees. */
  amount: string;
  includeFee: boolean;
  /**
   * The platform's fee on this payee. Normal payees: their share (largest remainder) of 2.25% of
   * the normal payees' total, rounded once. Include-fee payees: amount − net.
   */
  fee: string;
  /** What the payee receives: amount, or amount × 0.9775 rounded half-up when the fee is included. */
  net: string;
  /** What the buyer pays for this payee: amount + fee, or amount when the fee is included. */
  buyerOwes: string;
  /**
   * Retainage: the part of `net` withheld from each disbursement to this payee and held until
   * the project's retainage is released (net × the version's retainage percentage, half-up).
   */
  retainage: string;
}

export interface MilestoneTerms {
  /** The milestone's amount: the sum of the payees' amounts. */
  amount: string;
  payees: PayeeTerms[];
  payeeTotal: string;
  feeTotal: string;
  /** What the buyer deposits: payee total + fee − fee on include-fee payees (docs/product.md#fees). */
  depositTotal: string;
  netTotal: string;
  /** The project's retainage percentage (0–10) when this version was proposed, frozen with it: "5.00". */
  retainagePercent: string;
  /** The sum of the payees' retainage. */
  retainageTotal: string;
  /** The job site's state when this version was proposed: its payments exchange lien waivers. Null: none. */
  lienWaiverState: SiteState | null;
}

export interface TermsOptions {
  /** Percent, 0–10 with at most two decimals ("5.00"); checked by readRetainagePercent. */
  retainagePercent?: string;
  lienWaiverState?: SiteState | null;
}

export const VALUE_MUST_BE_POSITIVE = 'Value must be greater than zero dollars.';
export const PERCENT_FORMAT =
  'Enter each percentage as a plain number from 0 to 100, like 25 or 12.5: at most two decimals, no % sign, spaces or leading zeros.';

/**
 * An include-fee payee's money (docs/product.md#fees: its amount is scaled by 0.9775): the disbursement is
 * amount × 0.9775 rounded half-up to the cent, and the fee is what that leaves of the amount.
 */
function includedFeeMoney(amount: Decimal): { fee: Decimal; net: Decimal; buyerOwes: Decimal } {
  const net = roundCents(amount.times(INCLUDE_FEE_NET_RATE));
  return { fee: amount.minus(net), net, buyerOwes: amount };
}

/**
 * The fee of the normal payees (docs/product.md#fees: 2.25% of the project cost the buyer pays the fee on):
 * 2.25% of their total, rounded once half-up to the cent, then shared among them in proportion
 * to their amounts by largest remainder, so the per-payee fees add up to it exactly.
 */
function normalFees(amounts: Decimal[]): Decimal[] {
  return allocateCents(feeOnTop(sum(amounts)), amounts);
}

/** The fee on top of an amount the buyer pays the fee on: 2.25%, rounded once half-up to the cent. */
export function feeOnTop(amount: Decimal): Decimal {
  return roundCents(amount.times(FEE_RATE));
}

function tooLarge(what: string, value: Decimal): never {
  throw unprocessable(
    'amount_too_large',
    `${what} would be ${formatDollars(value)}, more than the ${MAX_AMOUNT_TEXT} one milestone can hold. Split the work into several milestones.`,
  );
}

/** A client's amount, or the domain error that says what is wrong with it. */
function amountOf(input: unknown, formatMessage: string): Decimal {
  const reading = readAmount(input);
  if (reading.ok) return reading.value;
  if (reading.problem === 'too_large')
    throw unprocessable('amount_too_large', `Amounts can be at most ${MAX_AMOUNT_TEXT}. Split the work into several milestones.`);
  throw invalid('amount_format', formatMessage);
}

/**
 * Turns the form's payees into exact terms. Fixed payees give amounts; percent payees take their
 * share of the milestone amount (`milestoneAmount`, required when any payee is not fixed),
 * allocated by largest remainder so shares that total 100% use the whole amount; one remainder
 * payee takes what is left. Shares may not exceed the milestone, and no amount of the result
 * may exceed MAX_AMOUNT.
 */
export function computeMilestoneTerms(
  inputs: PayeeInput[],
  milestoneAmount: string | number | null | undefined,
  payeeIds: number[],
  options: TermsOptions = {},
): MilestoneTerms {
  const retainagePercent = options.retainagePercent ?? NO_RETAINAGE;
  if (inputs.length === 0) throw invalid('payees_required', 'Add at least one payee to the milestone.');
  if (inputs.length > 50) throw invalid('too_many_payees', 'A milestone can have at most 50 payees.');
  if (payeeIds.length !== inputs.length) throw new Error('one payee id per payee is needed');
  const remainders = inputs.filter((p) => p.type === 'remainder').length;
  if (remainders > 1) throw invalid('one_remainder', 'Only one payee can take the remainder.');
  const needsTotal = inputs.some((p) => p.type !== 'fixed');

  const amounts: (Decimal | null)[] = inputs.map((p) => {
    if (p.type !== 'fixed') return null;
    const amount = amountOf(p.amount, 'Enter each fixed amount in dollars, with at most two decimals.');
    if (amount.lte(0)) throw invalid('amount_positive', VALUE_MUST_BE_POSITIVE);
    return amount;
  });

  let total: Decimal;
  if (needsTotal) {
    if (milestoneAmount === undefined || milestoneAmount === null || milestoneAmount === '') {
      throw invalid('milestone_amount_required', 'Enter the milestone amount so percentages and the remainder can be worked out.');
    }
    total = amountOf(milestoneAmount, 'Enter the milestone amount in dollars, with at most two decimals.');
    if (total.lte(0)) throw invalid('amount_positive', VALUE_MUST_BE_POSITIVE);
  } else {
    total = sum(amounts as Decimal[]);
    if (total.gt(MAX_AMOUNT)) tooLarge('The payee total', total);
    const given =
      milestoneAmount === undefined || milestoneAmount === null || milestoneAmount === ''
        ? null
        : amountOf(milestoneAmount, 'Enter the milestone amount in dollars, with at most two decimals.');
    if (given !== null && !given.eq(total)) {
      throw invalid('amounts_mismatch', `The payee amounts add up to ${formatDollars(total)} but the milestone amount is ${formatDollars(given)}.`);
    }
  }

  const percents = inputs.map((p) => {
    if (p.type !== 'percent') return null;
    const pct = readPercent(p.percentage);
    if (pct === null) throw invalid('percent_format', PERCENT_FORMAT);
    if (pct.lte(0)) throw invalid('percent_positive', 'A percentage must be greater than zero.');
    if (pct.gt(100)) throw invalid('percent_max', 'A percentage cannot be more than 100.');
    return pct;
  });
  const percentTotal = sum(percents.filter((p): p is Decimal => p !== null));
  if (percentTotal.gt(100)) throw invalid('percent_total', `The percentages add up to ${percentTotal.toString()}%, more than 100%.`);
  if (percentTotal.gt(0)) {
    // One allocation over the percent shares and what they leave: shares totalling 100% use
    // every cent of the amount, and no share is off by more than a cent from its exact value.
    const weights = percents.filter((p): p is Decimal => p !== null);
    const shares = allocateCents(total, [...weights, money(100).minus(percentTotal)]);
    let next = 0;
    inputs.forEach((p, i) => {
      if (p.type !== 'percent') return;
      const share = shares[next++]!;
      if (share.isZero())
        throw invalid('percent_too_small', `${percents[i]!.toString()}% of ${formatDollars(total)} is less than a cent; raise the percentage.`);
      amounts[i] = share;
    });
  }

  const assigned = sum(amounts.filter((a): a is Decimal => a !== null));
  if (assigned.gt(total)) {
    throw invalid('shares_exceed', `The payees' shares add up to ${formatDollars(assigned)}, more than the milestone amount of ${formatDollars(total)}.`);
  }
  const left = total.minus(assigned);
  const remainderIndex = inputs.findIndex((p) => p.type === 'remainder');
  if (remainderIndex >= 0) {
    if (left.lte(0)) throw invalid('remainder_empty', 'Nothing is left for the remainder payee: lower the other shares or raise the milestone amount.');
    amounts[remainderIndex] = left;
  } else if (!left.isZero()) {
    throw invalid(
      'shares_short',
      `The payees' shares add up to ${formatDollars(assigned)} but the milestone amount is ${formatDollars(total)}. Add a remainder payee or adjust the shares.`,
    );
  }

  const finalAmounts = amounts.map((a) => a!);
  const normalIndexes = inputs.map((p, i) => (p.includeFee ? -1 : i)).filter((i) => i >= 0);
  const normalFeeShares = normalFees(normalIndexes.map((i) => finalAmounts[i]!));
  const feeOf = new Map(normalIndexes.map((i, k) => [i, normalFeeShares[k]!]));

  const payees: PayeeTerms[] = inputs.map((p, i) => {
    const amount = finalAmounts[i]!;
    if (amount.lte(0)) throw invalid('amount_positive', VALUE_MUST_BE_POSITIVE);
    const { fee, net, buyerOwes } = p.includeFee ? includedFeeMoney(amount) : { fee: feeOf.get(i)!, net: amount, buyerOwes: amount.plus(feeOf.get(i)!) };
    const pct = p.type === 'percent' ? percents[i]!.dividedBy(100).toString() : null;
    return {
      payeeId: payeeIds[i]!,
      companyId: p.companyId,
      type: p.type,
      percentDecimal: pct,
      amount: formatAmount(amount),
      includeFee: p.includeFee,
      fee: formatAmount(fee),
      net: formatAmount(net),
      buyerOwes: formatAmount(buyerOwes),
      retainage: formatAmount(retainageOf(net, retainagePercent)),
    };
  });
  const terms = summarizeTerms(payees, retainagePercent, options.lienWaiverState ?? null);
  if (money(terms.depositTotal).gt(MAX_AMOUNT)) tooLarge("The buyer's deposit (the payees' amounts plus the 2.25% fee)", money(terms.depositTotal));
  return terms;
}

function summarizeTerms(payees: PayeeTerms[], retainagePercent: string = NO_RETAINAGE, lienWaiverState: SiteState | null = null): MilestoneTerms {
  const payeeTotal = sum(payees.map((p) => money(p.amount)));
  const feeTotal = sum(payees.map((p) => money(p.fee)));
  const includedFees = sum(payees.filter((p) => p.includeFee).map((p) => money(p.fee)));
  return {
    amount: formatAmount(payeeTotal),
    payees,
    payeeTotal: formatAmount(payeeTotal),
    feeTotal: formatAmount(feeTotal),
    depositTotal: formatAmount(payeeTotal.plus(feeTotal).minus(includedFees)),
    netTotal: formatAmount(sum(payees.map((p) => money(p.net)))),
    retainagePercent,
    retainageTotal: formatAmount(sum(payees.map((p) => money(p.retainage)))),
    lienWaiverState,
  };
}
