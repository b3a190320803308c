import Decimal from 'decimal.js';

import { formatAmount, money, sum } from '../money/money';
import type { ActiveBilling, ApplicationState } from './billing.state';
import { openApplication } from './billing.state';
import type { BillingEvent, PayeeAmount } from './events';
import { payApplicationFigures } from './pay-application.figures';

/**
 * The project's escrow balance (docs/progress-billing.md#funding-before-work): deposits clear
 * after the ACH return window, and a released payment is drawn only from cleared funds. A draw
 * is the payees' current payment due plus the period's retainage, which stays held in escrow
 * until the release at substantial completion.
 */

const total = (values: readonly string[]): Decimal => sum(values.map((v) => money(v)));

/** Days after the end of the period an application bills by which its draw should be deposited. */
const DEPOSIT_DUE_DAYS = 10;
const DAY_MS = 86_400_000;

/** What a released payment draws from escrow: what the payees are paid now, and the period's retainage kept (per payee). */
function drawOf(application: ApplicationState): { paid: Decimal; retainage: Decimal; retained: PayeeAmount[] } {
  const payees = application.certification?.payees ?? payApplicationFigures(application.basis.schedule, application.basis.previous, application.lines).payees;
  // The released payment is what its payouts add up to; an open application would release its positive dues.
  const paid = application.payment ? money(application.payment.total) : sum(payees.map((p) => money(p.currentPaymentDue)).filter((d) => d.gt(0)));
  const retained = payees.map((p) => ({ payeeId: p.payeeId, amount: p.retainageThisPeriod }));
  return { paid, retainage: total(retained.map((r) => r.amount)), retained };
}

/** Cleared funds not drawn yet and not returned to the buyer: what a payment can be paid from now. */
function availableFunds(s: ActiveBilling): Decimal {
  const cleared = total(s.deposits.filter((d) => d.status === 'settled' && d.clearedAt !== null).map((d) => d.amount));
  return cleared.minus(total(s.applications.flatMap((a) => (a.funding ? [a.funding.drawn] : [])))).minus(total(returned(s).map((r) => r.amount)));
}

const returned = (s: ActiveBilling) => (s.balanceReturns ?? []).filter((r) => r.status === 'returned');

/**
 * What the cleared, undrawn funds hold beyond what the remaining contract needs
 * (docs/progress-billing.md#returning-unused-funds): the contract sum to date (approved change
 * orders included) less everything drawn so far, retainage included — or, when more, what the
 * payments waiting for funds and the open application would draw. Never negative.
 */
export function balanceSurplus(s: ActiveBilling): Decimal {
  const contractSum = total(s.lines.map((l) => l.scheduledValue));
  const drawn = total(s.applications.flatMap((a) => (a.funding ? [a.funding.drawn] : [])));
  const open = openApplication(s);
  const waiting = sum([...unfunded(s), ...(open ? [open] : [])].map((a) => drawOf(a)).map(({ paid, retainage }) => paid.plus(retainage)));
  const remaining = Decimal.max(contractSum.minus(drawn), waiting, 0);
  return Decimal.max(availableFunds(s).minus(remaining), 0);
}

/** The balance as the parties see it. */
export function escrowBalance(s: ActiveBilling) {
  const pending = total(s.deposits.filter((d) => d.status === 'pending').map((d) => d.amount));
  const clearing = total(s.deposits.filter((d) => d.status === 'settled' && d.clearedAt === null).map((d) => d.amount));
  const cleared = availableFunds(s);
  // Retainage drawn with each payment stays in escrow until a release makes it payouts (or a dispute's refund sends it back to the buyer).
  const refunds = s.retainageRefunds ?? [];
  const retainageHeld = total(s.applications.flatMap((a) => (a.funding ? [a.funding.retainage] : [])))
    .minus(total(s.retainageReleases.map((r) => r.total)))
    .minus(total(refunds.map((r) => r.total)));
  const awaitingPayout = total(s.payouts.filter((p) => p.paid === null).map((p) => p.amount));
  const paidOut = total(s.payouts.filter((p) => p.paid !== null).map((p) => p.amount));
  // A balance returned to the buyer is owed through the same refund as forfeited retainage.
  const owed = [...refunds.map((r) => ({ amount: r.total, paid: r.paid })), ...returned(s)];
  const awaitingRefund = total(owed.filter((r) => r.paid === null).map((r) => r.amount));
  const refunded = total(owed.filter((r) => r.paid !== null).map((r) => r.amount));
  const balanceReturned = total(returned(s).map((r) => r.amount));
  const returnable = cleared;
  const returnableAtOnce = balanceSurplus(s);
  return {
    pending,
    clearing,
    cleared,
    retainageHeld,
    awaitingPayout,
    paidOut,
    awaitingRefund,
    refunded,
    balanceReturned,
    returnable,
    returnableAtOnce,
    held: clearing.plus(cleared).plus(retainageHeld).plus(awaitingPayout).plus(awaitingRefund),
  };
}

/** Released payments still waiting for cleared funds, oldest first. */
export const unfunded = (s: ActiveBilling): ApplicationState[] => s.applications.filter((a) => a.payment !== null && a.funding === null);

/**
 * What the buyer still has to deposit for the payments waiting and the open application, beyond
 * the cleared funds and the deposits on their way, and by when: the end of the earliest period
 * concerned plus DEPOSIT_DUE_DAYS. Null when the balance covers them.
 */
export function shortfall(s: ActiveBilling): { amount: Decimal; by: string; applicationNumber: number } | null {
  const open = openApplication(s);
  const concerned = [...unfunded(s), ...(open ? [open] : [])];
  if (concerned.length === 0) return null;
  const needed = sum(concerned.map((a) => drawOf(a)).map(({ paid, retainage }) => paid.plus(retainage)));
  const balance = escrowBalance(s);
  const amount = needed.minus(balance.cleared).minus(balance.clearing).minus(balance.pending);
  if (amount.lte(0)) return null;
  const first = concerned[0]!;
  const by = new Date(Date.parse(`${first.periodTo}T00:00:00Z`) + DEPOSIT_DUE_DAYS * DAY_MS).toISOString().slice(0, 10);
  return { amount, by, applicationNumber: first.applicationNumber };
}

/**
 * Draws every released payment the cleared funds now cover, oldest first (a later one never
 * overtakes one still waiting), each payee's share becoming a numbered payout.
 */
export function fundWaitingPayments(s: ActiveBilling, at: string): BillingEvent[] {
  const events: BillingEvent[] = [];
  let available = availableFunds(s);
  let nextPayout = s.payouts.length + 1;
  for (const application of unfunded(s)) {
    const { paid, retainage, retained } = drawOf(application);
    const drawn = paid.plus(retainage);
    if (drawn.gt(available)) break;
    available = available.minus(drawn);
    const lienWaiverState = application.payment!.lienWaiverState ?? null;
    const payouts = application.payment!.payees.map((p) => ({ payoutId: nextPayout++, payeeId: p.payeeId, amount: p.amount, lienWaiverState }));
    events.push({
      type: 'PayApplicationPaymentFunded',
      data: {
        jobId: s.jobId,
        applicationNumber: application.applicationNumber,
        payouts,
        total: application.payment!.total,
        retainage: formatAmount(retainage),
        retained,
        drawn: formatAmount(drawn),
        at,
      },
    });
  }
  return events;
}
