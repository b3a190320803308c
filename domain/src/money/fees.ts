import type Decimal from 'decimal.js';
import { invalid } from '../shared/errors';
import { formatAmount, formatDollars, MAX_AMOUNT, money, parseAmount, roundCents, sum, ZERO } from './money';

/** The project fee: 2.25% of each payee's amount, paid by the owner (spec §9). */
export const FEE_RATE = money('0.0225');
export const INCLUDE_FEE_NET_RATE = money('0.9775');

export type PayeeType = 'fixed' | 'percent' | 'remainder';

/** A payee as the milestone form sends it (spec §7 POST /api/milestone). */
export interface PayeeInput {
  companyId: number;
  type: PayeeType;
  /** Dollars; required for fixed payees. */
  amount?: string | number | null;
  /** 0–100; required for percent payees. */
  percentage?: string | number | null;
  includeFee: boolean;
}

/** A payee's terms as stored in events: exact strings. */
export interface PayeeTerms {
  payeeId: number;
  companyId: number;
  type: PayeeType;
  /** Set for percent payees: the share as a decimal fraction ("0.25" for 25%). */
  percentDecimal: string | null;
  /** The payee's share of the milestone, before fees. */
  amount: string;
  includeFee: boolean;
  /** 2.25% of amount, rounded half-up to the cent: the one rounding of the fee rules. */
  fee: string;
  /** What the payee receives: amount, or amount − fee when the fee is included. */
  net: string;
  /** What the buyer pays for this payee: amount + fee, or amount when the fee is included. */
  buyerOwes: string;
}

export interface MilestoneTerms {
  /** The milestone's amount: the sum of the payees' amounts. */
  amount: string;
  payees: PayeeTerms[];
  payeeTotal: string;
  feeTotal: string;
  /** What the buyer deposits: payee total + fee − fee on include-fee payees (spec §9). */
  depositTotal: string;
  netTotal: string;
}

export const VALUE_MUST_BE_POSITIVE = 'Value must be greater than zero dollars.';

/**
 * Fee of one payee. Rounded once, half-up; the net follows by subtraction so that
 * net + fee = amount exactly for include-fee payees (amount × 0.9775 to within the cent).
 */
export function payeeMoney(amount: Decimal, includeFee: boolean): { fee: Decimal; net: Decimal; buyerOwes: Decimal } {
  const fee = roundCents(amount.times(FEE_RATE));
  return includeFee ? { fee, net: amount.minus(fee), buyerOwes: amount } : { fee, net: amount, buyerOwes: amount.plus(fee) };
}

/**
 * Turns the form's payees into exact terms. Fixed payees give amounts; percent payees take their
 * share of the milestone amount (`milestoneAmount`, required when any payee is not fixed); one
 * remainder payee takes what is left. Shares may not exceed the milestone.
 */
export function computeMilestoneTerms(inputs: PayeeInput[], milestoneAmount: string | number | null | undefined, payeeIds: number[]): MilestoneTerms {
  if (inputs.length === 0) throw invalid('payees_required', 'Add at least one payee to the milestone.');
  if (inputs.length > 50) throw invalid('too_many_payees', 'A milestone can have at most 50 payees.');
  if (payeeIds.length !== inputs.length) throw new Error('one payee id per payee is needed');
  const remainders = inputs.filter((p) => p.type === 'remainder').length;
  if (remainders > 1) throw invalid('one_remainder', 'Only one payee can take the remainder.');
  const needsTotal = inputs.some((p) => p.type !== 'fixed');

  const amounts: (Decimal | null)[] = inputs.map((p) => {
    if (p.type !== 'fixed') return null;
    const amount = parseAmount(p.amount);
    if (amount === null) throw invalid('amount_format', 'Enter each fixed amount in dollars, with at most two decimals.');
    if (amount.lte(0)) throw invalid('amount_positive', VALUE_MUST_BE_POSITIVE);
    return amount;
  });

  let total: Decimal;
  if (needsTotal) {
    const given = parseAmount(milestoneAmount);
    if (given === null) throw invalid('milestone_amount_required', 'Enter the milestone amount so percentages and the remainder can be worked out.');
    if (given.lte(0)) throw invalid('amount_positive', VALUE_MUST_BE_POSITIVE);
    total = given;
  } else {
    total = sum(amounts as Decimal[]);
    const given = milestoneAmount === undefined || milestoneAmount === null || milestoneAmount === '' ? null : parseAmount(milestoneAmount);
    if (given !== null && !given.eq(total)) {
      throw invalid('amounts_mismatch', `The payee amounts add up to ${formatDollars(total)} but the milestone amount is ${formatDollars(given)}.`);
    }
  }
  if (total.gt(MAX_AMOUNT)) throw invalid('amount_too_large', 'That amount is too large.');

  inputs.forEach((p, i) => {
    if (p.type !== 'percent') return;
    const pct = parseAmount(p.percentage);
    if (pct === null) throw invalid('percent_format', 'Enter each percentage as a number from 0 to 100, with at most two decimals.');
    if (pct.lte(0)) throw invalid('percent_positive', 'A percentage must be greater than zero.');
    if (pct.gt(100)) throw invalid('percent_max', 'A percentage cannot be more than 100.');
    const share = roundCents(total.times(pct).dividedBy(100));
    if (share.isZero()) throw invalid('percent_too_small', `${pct.toString()}% of ${formatDollars(total)} is less than a cent; raise the percentage.`);
    amounts[i] = share;
  });

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
    throw invalid('shares_short', `The payees' shares add up to ${formatDollars(assigned)} but the milestone amount is ${formatDollars(total)}. Add a remainder payee or adjust the shares.`);
  }

  const payees: PayeeTerms[] = inputs.map((p, i) => {
    const amount = amounts[i]!;
    if (amount.lte(0)) throw invalid('amount_positive', VALUE_MUST_BE_POSITIVE);
    const { fee, net, buyerOwes } = payeeMoney(amount, p.includeFee);
    const pct = p.type === 'percent' ? parseAmount(p.percentage)!.dividedBy(100).toString() : null;
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
    };
  });
  return summarizeTerms(payees);
}

export function summarizeTerms(payees: PayeeTerms[]): MilestoneTerms {
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
  };
}

export { ZERO };
