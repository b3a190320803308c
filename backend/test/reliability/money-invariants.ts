import { evolveMilestone, formatAmount, fundsCleared, held, initialMilestoneState, type MilestoneEvent, type MilestoneState, money, sum } from '@escrow/domain';
import type Decimal from 'decimal.js';
import type { Pool } from 'pg';

export interface MoneyReport {
  milestones: number;
  settled: string;
  disbursed: string;
  fees: string;
  refunded: string;
  held: string;
  paidOut: string;
  /** Every broken invariant, in words; empty when the money is right. */
  violations: string[];
}

interface EventRow {
  stream_id: string;
  stream_revision: number;
  event_id: string;
  type: string;
  data: MilestoneEvent['data'];
}

/**
 * The money invariants of the escrow, checked from the events (folded with the domain's own
 * evolve) against the double-entry ledger read model:
 * - a milestone's escrow never goes below zero, at any event, and is zero once it was fully
 *   paid out or refunded;
 * - every event's postings sum to zero, and so does the whole ledger;
 * - deposits settled = disbursed to payees + fees + refunded + still held, per milestone and in
 *   total, and the ledger's accounts say the same as the events;
 * - nothing is paid twice: one settlement per deposit, one disbursement per payee and
 *   milestone, one payout per disbursement, one refund payment per refund;
 * - money leaves escrow (to payees or back to the buyer) only once the deposits' ACH return
 *   window has passed, and a returned deposit is no longer counted as settled.
 */
export async function checkMoneyInvariants(pool: Pool): Promise<MoneyReport> {
  const violations: string[] = [];
  const { rows } = await pool.query<EventRow>(
    `SELECT stream_id, stream_revision, event_id, type, data FROM events WHERE stream_id LIKE 'milestone-%' ORDER BY stream_id, stream_revision`,
  );
  const states = new Map<string, MilestoneState>();
  const seen = new Map<string, number>();
  const once = (what: string) => {
    const n = (seen.get(what) ?? 0) + 1;
    seen.set(what, n);
    if (n === 2) violations.push(`${what} happened more than once`);
  };
  for (const row of rows) {
    const before = states.get(row.stream_id) ?? initialMilestoneState;
    const event = { type: row.type, data: row.data } as MilestoneEvent;
    const after = evolveMilestone(before, event);
    states.set(row.stream_id, after);
    if ((event.type === 'DisbursementRequested' || event.type === 'RefundRequested') && before.status === 'active' && !fundsCleared(before)) {
      violations.push(`${row.stream_id}: ${row.type} at revision ${row.stream_revision} before the deposit's funds cleared`);
    }
    const d = row.data as unknown as Record<string, unknown>;
    switch (event.type) {
      case 'DepositSettled':
        once(`settlement of deposit ${d.depositId}`);
        break;
      case 'DisbursementRequested':
        once(`disbursement ${d.disbursementId} of ${row.stream_id}`);
        break;
      case 'DisbursementPaid':
        once(`payout of disbursement ${d.disbursementId} of ${row.stream_id}`);
        break;
      case 'RefundRequested':
        once(`refund of ${row.stream_id}`);
        break;
      case 'RefundPaid':
        once(`refund payment ${d.refundId} of ${row.stream_id}`);
        break;
      default:
        break;
    }
    if (after.status === 'active' && held(after).isNegative()) {
      violations.push(`${row.stream_id} holds ${formatAmount(held(after))} after ${row.type} (revision ${row.stream_revision})`);
    }
  }

  const totals = { settled: money(0), disbursed: money(0), fees: money(0), refunded: money(0), held: money(0), paidOut: money(0) };
  const perMilestone = new Map<number, { settled: Decimal; held: Decimal; fees: Decimal; refunded: Decimal; net: Decimal; paidOut: Decimal }>();
  for (const [streamId, state] of states) {
    if (state.status !== 'active') continue;
    const settled = sum(state.deposits.filter((x) => x.status === 'settled').map((x) => money(x.amount)));
    const net = sum(state.disbursements.map((x) => money(x.amount)));
    const fees = sum(state.disbursements.map((x) => money(x.fee)));
    const refunded = sum(state.refunds.map((x) => money(x.amount)));
    const paidOut = sum(state.disbursements.filter((x) => x.status === 'paid').map((x) => money(x.amount)));
    const inEscrow = held(state);
    if (!settled.eq(net.plus(fees).plus(refunded).plus(inEscrow)))
      violations.push(`${streamId}: settled ${settled} ≠ disbursed ${net} + fees ${fees} + refunded ${refunded} + held ${inEscrow}`);
    const closed = state.completedByBoth || state.refunds.length > 0 || state.disputes.some((x) => x.status === 'resolved');
    if (closed && !inEscrow.isZero()) violations.push(`${streamId} is fully paid out or refunded but still holds ${formatAmount(inEscrow)}`);
    if (state.completedByBoth) {
      const current = state.versions.find((v) => v.versionId === state.currentVersionId)!;
      if (state.disbursements.length > 0 && !net.plus(fees).eq(money(current.terms.depositTotal))) {
        violations.push(`${streamId}: completed, but disbursed ${net.plus(fees)} of the deposit total ${current.terms.depositTotal}`);
      }
      // Completed while the funds cleared (or were returned): the payout waits, but never past a clearing.
      if (state.disbursements.length === 0 && state.refunds.length === 0 && fundsCleared(state))
        violations.push(`${streamId}: completed and cleared, but nothing was disbursed`);
    }
    perMilestone.set(state.originalId, { settled, held: inEscrow, fees, refunded, net, paidOut });
    totals.settled = totals.settled.plus(settled);
    totals.disbursed = totals.disbursed.plus(net);
    totals.fees = totals.fees.plus(fees);
    totals.refunded = totals.refunded.plus(refunded);
    totals.held = totals.held.plus(inEscrow);
    totals.paidOut = totals.paidOut.plus(paidOut);
  }

  // The ledger read model: balanced per event and in total, and equal to what the events say.
  const { rows: unbalanced } = await pool.query<{ event_id: string; total: string }>(
    `SELECT event_id, sum(amount)::text AS total FROM ledger_entries GROUP BY event_id HAVING sum(amount) <> 0`,
  );
  for (const u of unbalanced) violations.push(`the postings of event ${u.event_id} sum to ${u.total}, not 0`);
  const { rows: accounts } = await pool.query<{ original_id: number; account: string; balance: string }>(
    `SELECT original_id, account, sum(amount)::text AS balance FROM ledger_entries GROUP BY original_id, account`,
  );
  const ledger = new Map<number, Record<string, Decimal>>();
  for (const a of accounts) {
    const entry = ledger.get(a.original_id) ?? {};
    entry[a.account] = money(a.balance);
    ledger.set(a.original_id, entry);
  }
  for (const [originalId, m] of perMilestone) {
    const l = ledger.get(originalId) ?? {};
    const balance = (account: string) => l[account] ?? money(0);
    const expect = (what: string, actual: Decimal, wanted: Decimal) => {
      if (!actual.eq(wanted)) violations.push(`milestone-${originalId}: ledger ${what} is ${formatAmount(actual)}, the events say ${formatAmount(wanted)}`);
    };
    expect('buyer funding', balance('buyer_funding').negated(), m.settled);
    expect('escrow', balance('escrow'), m.held);
    expect('platform fees', balance('platform_fees'), m.fees);
    expect('payee payable + payouts', balance('payee_payable').plus(balance('payee_payouts')), m.net);
    expect('payee payouts', balance('payee_payouts'), m.paidOut);
    expect('refunds', balance('refunds_payable').plus(balance('buyer_refunds')), m.refunded);
    if (balance('escrow').isNegative()) violations.push(`milestone-${originalId}: ledger escrow is negative`);
  }
  const { rows: total } = await pool.query<{ total: string }>('SELECT coalesce(sum(amount), 0)::text AS total FROM ledger_entries');
  if (!money(total[0]!.total).isZero()) violations.push(`the whole ledger sums to ${total[0]!.total}, not 0`);

  return {
    milestones: perMilestone.size,
    settled: formatAmount(totals.settled),
    disbursed: formatAmount(totals.disbursed),
    fees: formatAmount(totals.fees),
    refunded: formatAmount(totals.refunded),
    held: formatAmount(totals.held),
    paidOut: formatAmount(totals.paidOut),
    violations,
  };
}
