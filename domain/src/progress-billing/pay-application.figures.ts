import Decimal from 'decimal.js';

import { formatAmount, money, roundCents, sum, ZERO } from '../money/money';
import type { RetainageTerms, ScheduleLine } from './schedule';

/**
 * The arithmetic of a pay application (AIA G702/G703), to the cent
 * (docs/progress-billing.md#the-column-rules). Pure: the schedule, what was certified before and
 * this period's amounts in, every column and the summary out. Rounding happens at one place
 * only, the retainage of each line, computed on to-date amounts; every other figure is a sum or
 * a difference of cents, so the columns and the summary reconcile exactly.
 */

/** A line of the schedule as it stands now (change orders included). */
export interface BillingLine extends ScheduleLine {
  /** Its value in the approved schedule; "0.00" for a line a change order added. */
  originalValue: string;
}

/** What the certificates so far say of one line. Folded from the certified applications. */
export interface LineToDate {
  /** Work completed to date (G703 D + E of the last certificate), stored materials excluded. */
  workCompleted: string;
  /** Materials presently stored (G703 F of the last certificate). */
  stored: string;
  /** The part of the to-date value (work + stored) retained at the line's rate… */
  atRate: string;
  /** …and the part retained at its reduced rate (certified after the line reached the reduction). */
  atReducedRate: string;
  /** The line reached its reduction's percentage complete once: the reduced rate holds from then on. */
  reductionReached: boolean;
  /** Retainage of this line released to its payee so far (at substantial completion). */
  retainageReleased: string;
  /**
   * Retainage of this line refunded to the buyer by a dispute's resolution (forfeited by the
   * payee; absent: none). It leaves I and is not earned: see "Retainage refunded" in
   * docs/progress-billing.md.
   */
  retainageRefunded?: string;
}

export const NOTHING_CERTIFIED: LineToDate = {
  workCompleted: '0.00',
  stored: '0.00',
  atRate: '0.00',
  atReducedRate: '0.00',
  reductionReached: false,
  retainageReleased: '0.00',
};

/** This period's amounts of one line, in dollars (a percentage typed was already turned into its amount). */
export interface PeriodAmounts {
  line: string;
  /** G703 E: work completed this period. */
  workThisPeriod: string;
  /** G703 F: materials presently stored (not yet in D or E). */
  storedMaterials: string;
}

/** One row of the G703 continuation sheet, and what it pays. */
interface LineFigures {
  line: string;
  description: string;
  payeeId: number;
  /** C */
  scheduledValue: string;
  /** D: work completed from previous applications. */
  previous: string;
  /** E */
  thisPeriod: string;
  /** F */
  storedMaterials: string;
  /** G = D + E + F */
  completedAndStoredToDate: string;
  /** G ÷ C, in percent with two decimals (display only: nothing is computed from it). */
  percentComplete: string;
  /** H = C − G */
  balanceToFinish: string;
  /** I: retainage held on this line now (withheld to date less released). */
  retainage: string;
  /** The part of I that is on stored materials (G702 5b); the rest is on completed work (5a). */
  retainageOnStored: string;
  retainageThisPeriod: string;
  /** G − I, less retainage refunded to the buyer (forfeited: never earned). */
  earnedLessRetainage: string;
  /** Retainage of this line refunded to the buyer by a dispute's resolution (absent: none). */
  retainageRefunded?: string;
  previousCertificates: string;
  currentPaymentDue: string;
}

/** The G702 application and certificate for payment, lines 1 to 9. */
export interface PayApplicationSummary {
  originalContractSum: string;
  netChangeByChangeOrders: string;
  contractSumToDate: string;
  totalCompletedAndStored: string;
  retainageOnCompletedWork: string;
  retainageOnStoredMaterials: string;
  totalRetainage: string;
  totalEarnedLessRetainage: string;
  /** Retainage refunded to the owner by a dispute's resolution, to date (absent: none): out of line 6 and line 9. */
  retainageRefunded?: string;
  previousCertificates: string;
  currentPaymentDue: string;
  balanceToFinishIncludingRetainage: string;
}

/** What one payee is paid by this application, and what is held back for it. */
export interface PayeeFigures {
  payeeId: number;
  currentPaymentDue: string;
  retainageThisPeriod: string;
  retainageHeld: string;
}

export interface PayApplicationFigures {
  lines: LineFigures[];
  summary: PayApplicationSummary;
  payees: PayeeFigures[];
  /** What the certificates say of each line once this application is certified as computed. */
  toDate: Record<string, LineToDate>;
}

const HUNDRED = money(100);

/**
 * Retainage withheld to date on a line whose to-date value grows from `before` to `after`. The
 * growth is retained at the line's rate up to its reduction point (C × at% ÷ 100, to the cent) and at the
 * reduced rate beyond it; what was retained before never changes (so a reduction spares only work
 * certified after it, and a change order that moves the point leaves held retainage alone). The
 * amount is rounded half-up to the cent once, on the to-date bases: the period's figure is the
 * difference of two rounded to-date figures, so no rounding accumulates over periods.
 */
function retainageAfter(terms: RetainageTerms, scheduledValue: Decimal, previous: LineToDate, before: Decimal, after: Decimal) {
  const growth = after.minus(before);
  let toRate = growth;
  let reached = previous.reductionReached;
  if (terms.reduction !== null) {
    // In cents, like every base: the bases are stored as amounts and must carry no fraction of a cent.
    const point = roundCents(scheduledValue.times(terms.reduction.atPercentComplete).dividedBy(100));
    const room = reached ? ZERO : larger(ZERO, point.minus(before));
    toRate = smaller(growth, room);
    reached = reached || after.gte(point);
  }
  const atRate = money(previous.atRate).plus(toRate);
  const atReducedRate = money(previous.atReducedRate).plus(growth.minus(toRate));
  const reducedRate = terms.reduction?.toRate ?? terms.rate;
  const withheld = roundCents(atRate.times(terms.rate).plus(atReducedRate.times(reducedRate)).dividedBy(100));
  return { atRate, atReducedRate, reached, withheld };
}

const larger = (a: Decimal, b: Decimal) => (a.gte(b) ? a : b);
const smaller = (a: Decimal, b: Decimal) => (a.lte(b) ? a : b);

/** Retainage withheld to date by the certificates so far (before any release). */
export function withheldToDate(terms: RetainageTerms, toDate: LineToDate): Decimal {
  const reducedRate = terms.reduction?.toRate ?? terms.rate;
  return roundCents(money(toDate.atRate).times(terms.rate).plus(money(toDate.atReducedRate).times(reducedRate)).dividedBy(100));
}

/**
 * The G703 columns of every line of the schedule, the G702 summary and each payee's share.
 * `previous` holds what was certified before (absent lines: nothing yet); `period` this
 * application's amounts (absent lines: no work, stored materials as before). The amounts are
 * taken as given: pay-application.rules.ts refuses what breaks a rule before this is called.
 */
export function payApplicationFigures(
  schedule: readonly BillingLine[],
  previous: Readonly<Record<string, LineToDate>>,
  period: readonly PeriodAmounts[],
): PayApplicationFigures {
  const amounts = new Map(period.map((p) => [p.line, p]));
  const toDate: Record<string, LineToDate> = {};
  const lines = schedule.map((line): LineFigures => {
    const before = previous[line.number] ?? NOTHING_CERTIFIED;
    const billed = amounts.get(line.number);
    const c = money(line.scheduledValue);
    const d = money(before.workCompleted);
    const e = money(billed?.workThisPeriod ?? '0');
    const f = money(billed?.storedMaterials ?? before.stored);
    const gBefore = d.plus(before.stored);
    const g = d.plus(e).plus(f);
    const refunded = money(before.retainageRefunded ?? '0');
    const released = money(before.retainageReleased).plus(refunded);
    const withheldBefore = withheldToDate(line.retainage, before);
    const next = retainageAfter(line.retainage, c, before, gBefore, g);
    const held = next.withheld.minus(released);
    const heldBefore = withheldBefore.minus(released);
    const onStored = g.isZero() ? ZERO : roundCents(held.times(f).dividedBy(g));
    // Forfeited retainage was never paid to the payee and never will be: it is not earned.
    const previousCertificates = gBefore.minus(heldBefore).minus(refunded);
    const earned = g.minus(held).minus(refunded);
    toDate[line.number] = {
      workCompleted: formatAmount(d.plus(e)),
      stored: formatAmount(f),
      atRate: formatAmount(next.atRate),
      atReducedRate: formatAmount(next.atReducedRate),
      reductionReached: next.reached,
      retainageReleased: before.retainageReleased,
      ...(before.retainageRefunded === undefined ? {} : { retainageRefunded: before.retainageRefunded }),
    };
    return {
      line: line.number,
      description: line.description,
      payeeId: line.payeeId,
      scheduledValue: formatAmount(c),
      previous: formatAmount(d),
      thisPeriod: formatAmount(e),
      storedMaterials: formatAmount(f),
      completedAndStoredToDate: formatAmount(g),
      percentComplete: c.isZero() ? '0.00' : g.times(HUNDRED).dividedBy(c).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2),
      balanceToFinish: formatAmount(c.minus(g)),
      retainage: formatAmount(held),
      retainageOnStored: formatAmount(onStored),
      retainageThisPeriod: formatAmount(held.minus(heldBefore)),
      earnedLessRetainage: formatAmount(earned),
      ...(refunded.isZero() ? {} : { retainageRefunded: formatAmount(refunded) }),
      previousCertificates: formatAmount(previousCertificates),
      currentPaymentDue: formatAmount(earned.minus(previousCertificates)),
    };
  });
  return { lines, summary: summaryOf(schedule, lines), payees: payeesOf(lines), toDate };
}

const total = (lines: readonly LineFigures[], column: keyof LineFigures) => sum(lines.map((l) => money(l[column] as string)));

/** G702 from the G703 rows: every line of the summary is a sum of a column or a difference of two lines. */
function summaryOf(schedule: readonly BillingLine[], lines: readonly LineFigures[]): PayApplicationSummary {
  const original = sum(schedule.map((l) => money(l.originalValue)));
  const contractSum = total(lines, 'scheduledValue');
  const completedAndStored = total(lines, 'completedAndStoredToDate');
  const retainage = total(lines, 'retainage');
  const onStored = total(lines, 'retainageOnStored');
  const previousCertificates = total(lines, 'previousCertificates');
  const refunded = sum(lines.map((l) => money(l.retainageRefunded ?? '0')));
  const earned = completedAndStored.minus(retainage).minus(refunded);
  return {
    originalContractSum: formatAmount(original),
    netChangeByChangeOrders: formatAmount(contractSum.minus(original)),
    contractSumToDate: formatAmount(contractSum),
    totalCompletedAndStored: formatAmount(completedAndStored),
    retainageOnCompletedWork: formatAmount(retainage.minus(onStored)),
    retainageOnStoredMaterials: formatAmount(onStored),
    totalRetainage: formatAmount(retainage),
    totalEarnedLessRetainage: formatAmount(earned),
    previousCertificates: formatAmount(previousCertificates),
    currentPaymentDue: formatAmount(earned.minus(previousCertificates)),
    balanceToFinishIncludingRetainage: formatAmount(contractSum.minus(earned).minus(refunded)),
    ...(refunded.isZero() ? {} : { retainageRefunded: formatAmount(refunded) }),
  };
}

/** Each payee's lines added up, in the order their first line appears. */
function payeesOf(lines: readonly LineFigures[]): PayeeFigures[] {
  const byPayee = new Map<number, LineFigures[]>();
  for (const line of lines) byPayee.set(line.payeeId, [...(byPayee.get(line.payeeId) ?? []), line]);
  return [...byPayee].map(([payeeId, own]) => ({
    payeeId,
    currentPaymentDue: formatAmount(total(own, 'currentPaymentDue')),
    retainageThisPeriod: formatAmount(total(own, 'retainageThisPeriod')),
    retainageHeld: formatAmount(total(own, 'retainage')),
  }));
}
