import {
  type ActiveProject,
  evolveMilestone,
  evolveProject,
  formatAmount,
  fundsCleared,
  held,
  initialMilestoneState,
  initialProjectState,
  type MilestoneEvent,
  type MilestoneState,
  money,
  type ProjectEvent,
  type ProjectState,
  retainageHeld,
  sum,
  waiverOf,
} from '@escrow/domain';
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
  retainageWithheld: string;
  retainageHeld: string;
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
 *   window has passed, and a returned deposit is no longer counted as settled;
 * - retainage (issue 17): per milestone and payee, held + released + refunded = withheld, and
 *   held is never negative at any event; the ledger's retainage account says the same; one
 *   release and one payout per payee and milestone; every decision of a project's retainage
 *   reached each milestone it names;
 * - lien waivers: no payment that needs one is paid before its payee signed the conditional
 *   waiver; each waiver is signed once; a reminder goes out once per reason and day.
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
    // A payment that exchanges lien waivers goes out only after its payee signed the conditional one.
    if ((event.type === 'DisbursementPaid' || event.type === 'RetainagePaid') && before.status === 'active') {
      const payment = event.type === 'DisbursementPaid' ? 'disbursement' : 'retainage';
      const payeeId = event.type === 'DisbursementPaid' ? event.data.disbursementId : event.data.payeeId;
      const requested = (payment === 'disbursement' ? before.disbursements : before.retainageReleases).find((p) => p.payeeId === payeeId);
      const signed = waiverOf(before, payment, payeeId, 'conditional');
      if (requested?.lienWaiverState && signed?.signedBy == null)
        violations.push(`${row.stream_id}: ${row.type} of payee ${payeeId} before its conditional lien waiver was signed`);
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
      case 'RetainageReleased':
        once(`retainage release of payee ${d.payeeId} of ${row.stream_id}`);
        break;
      case 'RetainagePaid':
        once(`retainage payout of payee ${d.payeeId} of ${row.stream_id}`);
        break;
      case 'RetainageRefundRequested':
        once(`retainage refund of ${row.stream_id}`);
        break;
      case 'RetainageRefundPaid':
        once(`retainage refund payment ${d.refundId} of ${row.stream_id}`);
        break;
      case 'LienWaiverSigned':
        once(`signature of the ${d.kind} waiver of ${d.payment} ${d.payeeId} of ${row.stream_id}`);
        break;
      case 'HeldFundsReminderSent':
        once(`reminder "${d.reason}" of ${d.day} on ${row.stream_id}`);
        break;
      default:
        break;
    }
    if (after.status === 'active' && held(after).isNegative()) {
      violations.push(`${row.stream_id} holds ${formatAmount(held(after))} after ${row.type} (revision ${row.stream_revision})`);
    }
    if (after.status === 'active') {
      for (const disbursement of after.disbursements) {
        const left = money(disbursement.retainage)
          .minus(sum(after.retainageReleases.filter((r) => r.payeeId === disbursement.payeeId).map((r) => money(r.amount))))
          .minus(sum(after.retainageRefunds.flatMap((r) => r.payees.filter((p) => p.payeeId === disbursement.payeeId).map((p) => money(p.amount)))));
        if (left.isNegative()) violations.push(`${row.stream_id}: payee ${disbursement.payeeId} holds ${formatAmount(left)} of retainage after ${row.type}`);
      }
    }
  }

  const totals = {
    settled: money(0),
    disbursed: money(0),
    fees: money(0),
    refunded: money(0),
    held: money(0),
    paidOut: money(0),
    retainageWithheld: money(0),
    retainageHeld: money(0),
  };
  const perMilestone = new Map<
    number,
    {
      settled: Decimal;
      held: Decimal;
      fees: Decimal;
      refunded: Decimal;
      net: Decimal;
      paidOut: Decimal;
      retained: Decimal;
      released: Decimal;
      retainageRefunded: Decimal;
    }
  >();
  for (const [streamId, state] of states) {
    if (state.status !== 'active') continue;
    const settled = sum(state.deposits.filter((x) => x.status === 'settled').map((x) => money(x.amount)));
    const net = sum(state.disbursements.map((x) => money(x.amount)));
    const fees = sum(state.disbursements.map((x) => money(x.fee)));
    const refunded = sum(state.refunds.map((x) => money(x.amount)));
    const withheld = sum(state.disbursements.map((x) => money(x.retainage)));
    const released = sum(state.retainageReleases.map((x) => money(x.amount)));
    const retainageRefunded = sum(state.retainageRefunds.map((x) => money(x.amount)));
    const retained = retainageHeld(state);
    const paidOut = sum([
      ...state.disbursements.filter((x) => x.status === 'paid').map((x) => money(x.amount)),
      ...state.retainageReleases.filter((x) => x.status === 'paid').map((x) => money(x.amount)),
    ]);
    const inEscrow = held(state);
    if (!settled.eq(net.plus(fees).plus(withheld).plus(refunded).plus(inEscrow)))
      violations.push(`${streamId}: settled ${settled} ≠ disbursed ${net} + fees ${fees} + retainage ${withheld} + refunded ${refunded} + held ${inEscrow}`);
    if (!withheld.eq(retained.plus(released).plus(retainageRefunded)) || retained.isNegative())
      violations.push(`${streamId}: retainage withheld ${withheld} ≠ held ${retained} + released ${released} + refunded ${retainageRefunded}`);
    const closed = state.completedByBoth || state.refunds.length > 0 || state.disputes.some((x) => x.status === 'resolved');
    if (closed && !inEscrow.isZero()) violations.push(`${streamId} is fully paid out or refunded but still holds ${formatAmount(inEscrow)}`);
    if (state.completedByBoth) {
      const current = state.versions.find((v) => v.versionId === state.currentVersionId)!;
      if (state.disbursements.length > 0 && !net.plus(fees).plus(withheld).eq(money(current.terms.depositTotal))) {
        violations.push(
          `${streamId}: completed, but disbursed ${net.plus(fees).plus(withheld)} (with retainage) of the deposit total ${current.terms.depositTotal}`,
        );
      }
      // Completed while the funds cleared (or were returned): the payout waits, but never past a clearing.
      if (state.disbursements.length === 0 && state.refunds.length === 0 && fundsCleared(state))
        violations.push(`${streamId}: completed and cleared, but nothing was disbursed`);
    }
    perMilestone.set(state.originalId, { settled, held: inEscrow, fees, refunded, net, paidOut, retained, released, retainageRefunded });
    totals.settled = totals.settled.plus(settled);
    totals.disbursed = totals.disbursed.plus(net);
    totals.fees = totals.fees.plus(fees);
    totals.refunded = totals.refunded.plus(refunded);
    totals.held = totals.held.plus(inEscrow);
    totals.paidOut = totals.paidOut.plus(paidOut);
    totals.retainageWithheld = totals.retainageWithheld.plus(withheld);
    totals.retainageHeld = totals.retainageHeld.plus(retained);
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
    expect('payee payable + payouts', balance('payee_payable').plus(balance('payee_payouts')), m.net.plus(m.released));
    expect('payee payouts', balance('payee_payouts'), m.paidOut);
    expect('refunds', balance('refunds_payable').plus(balance('buyer_refunds')), m.refunded.plus(m.retainageRefunded));
    expect('retainage', balance('retainage'), m.retained);
    if (balance('escrow').isNegative()) violations.push(`milestone-${originalId}: ledger escrow is negative`);
  }
  const { rows: negativeRetainage } = await pool.query<{ original_id: number; company_id: number; balance: string }>(
    `SELECT original_id, company_id, sum(amount)::text AS balance FROM ledger_entries WHERE account = 'retainage' GROUP BY original_id, company_id HAVING sum(amount) < 0`,
  );
  for (const n of negativeRetainage) violations.push(`milestone-${n.original_id}: the ledger holds ${n.balance} of retainage for company ${n.company_id}`);

  // Every retainage decision of a project reached each milestone it names.
  const { rows: projectRows } = await pool.query<EventRow>(
    `SELECT stream_id, stream_revision, event_id, type, data FROM events WHERE stream_id LIKE 'job-%' ORDER BY stream_id, stream_revision`,
  );
  const projects = new Map<string, ProjectState>();
  for (const row of projectRows)
    projects.set(
      row.stream_id,
      evolveProject(projects.get(row.stream_id) ?? initialProjectState, { type: row.type, data: row.data } as unknown as ProjectEvent),
    );
  for (const [streamId, project] of projects) {
    if (project.status === 'none') continue;
    for (const decision of (project as ActiveProject).retainage?.decisions ?? []) {
      for (const originalId of decision.milestoneIds) {
        const m = perMilestone.get(originalId);
        if (m && !m.retained.isZero())
          violations.push(`${streamId}: its retainage ${decision.resolution} never reached milestone-${originalId} (${formatAmount(m.retained)} still held)`);
      }
    }
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
    retainageWithheld: formatAmount(totals.retainageWithheld),
    retainageHeld: formatAmount(totals.retainageHeld),
    violations,
  };
}
