import { money, sum } from '../money/money';
import { escrowBalance } from '../progress-billing/billing.escrow';
import type { ActiveBilling, BillingState } from '../progress-billing/billing.state';
import { approvedSchedule, as, command, firstApplicationCertified, given, refusal, run, SELLER_COMPANY, SUB } from '../progress-billing/billing.test-kit';
import type { BillingCommand } from '../progress-billing/commands';
import type { BillingEvent } from '../progress-billing/events';
import { type Posting, postingsFor } from './postings';

const deposit = (depositId: number, amount: string) =>
  command('RequestBillingDeposit', { depositId, amount, bankAccountLast4: '6789', agreement: { customer: 'signed', company: 'signed' } }, as.buyer());
const settle = (depositId: number, clearsAt = '2026-11-01T00:00:00.000Z') =>
  command('SettleBillingDeposit', { depositId, providerReference: `sbx-${depositId}`, clearsAt }, as.system());
const clear = (depositId: number) => command('ClearBillingDeposit', { depositId }, as.system());
const paid = (payoutId: number) => command('RecordBillingPayoutPaid', { payoutId, providerReference: `p-${payoutId}` }, as.system());
const returned = (depositId: number) => command('ReturnBillingDeposit', { depositId, returnCode: 'R01', reason: 'Insufficient funds' }, as.system());

const retainageReleased = (): BillingCommand[] => [
  command('RequestBillingRetainageRelease', {}, as.seller()),
  command('ApproveBillingRetainageRelease', {}, as.buyer()),
];

/** Runs the commands from nothing, keeping every event. */
function history(...commands: BillingCommand[]): { events: BillingEvent[]; state: ActiveBilling } {
  let state: BillingState = { status: 'none' };
  const events: BillingEvent[] = [];
  for (const c of commands) {
    const step = run(state, c);
    events.push(...step.events);
    state = step.state;
  }
  return { events, state: state as ActiveBilling };
}

const shape = (postings: Posting[]) => postings.map((p) => [p.account, p.companyId, p.amount]);

/** The balance of each account (and of each payee's retainage and payable), from the postings alone. */
function balances(events: BillingEvent[]): Record<string, string> {
  const all = events.flatMap((e) => postingsFor(e));
  const out: Record<string, string> = {};
  for (const key of new Set(all.flatMap((p) => [p.account, p.companyId === null ? null : `${p.account}:${p.companyId}`]).filter((k) => k !== null))) {
    out[key] = sum(all.filter((p) => p.account === key || `${p.account}:${p.companyId}` === key).map((p) => money(p.amount))).toFixed(2);
  }
  return out;
}

describe('the ledger postings of a progress-billed project', () => {
  it('posts a settled deposit into escrow with the platform fee on top, and reverses both when it is returned', () => {
    const settled = history(...approvedSchedule(), deposit(301, '10000.01'), settle(301, '2099-01-01T00:00:00.000Z'));
    const settledEvent = settled.events.at(-1)!;
    expect(shape(postingsFor(settledEvent))).toEqual([
      ['escrow', null, '10000.01'],
      ['platform_fees', null, '225.00'],
      ['buyer_funding', null, '-10225.01'],
    ]);
    const back = run(settled.state, returned(301)).events;
    expect(shape(postingsFor(back[0]!))).toEqual([
      ['escrow', null, '-10000.01'],
      ['platform_fees', null, '-225.00'],
      ['buyer_funding', null, '10225.01'],
    ]);
    expect(shape(postingsFor(settled.events.find((e) => e.type === 'BillingDepositRequested')!))).toEqual([]);
  });

  it('moves a funded payment from escrow to each payee’s payable and retainage, and a paid payout to its payouts', () => {
    const { events } = history(...approvedSchedule(), deposit(301, '30000.00'), settle(301), clear(301), ...firstApplicationCertified(), paid(2));
    const funded = events.find((e) => e.type === 'PayApplicationPaymentFunded')!;
    expect(shape(postingsFor(funded))).toEqual([
      ['escrow', null, '-30000.00'],
      ['payee_payable', SELLER_COMPANY, '13500.00'],
      ['payee_payable', SUB, '13500.00'],
      ['retainage', SELLER_COMPANY, '1500.00'],
      ['retainage', SUB, '1500.00'],
    ]);
    expect(shape(postingsFor(events.at(-1)!))).toEqual([
      ['payee_payable', SUB, '-13500.00'],
      ['payee_payouts', SUB, '13500.00'],
    ]);
  });

  it('balances to the cent and agrees with the escrow balance the parties see, through a release of retainage and its payouts', () => {
    const { events, state } = history(
      ...approvedSchedule(),
      deposit(301, '30000.00'),
      settle(301),
      clear(301),
      ...firstApplicationCertified(),
      paid(1),
      deposit(302, '500.00'),
      settle(302, '2099-01-01T00:00:00.000Z'),
      returned(302),
      ...retainageReleased(),
      paid(3),
    );
    for (const e of events) expect(sum(postingsFor(e).map((p) => money(p.amount))).toFixed(2)).toBe('0.00');
    expect(balances(events)).toEqual({
      buyer_funding: '-30675.00',
      platform_fees: '675.00',
      escrow: '0.00',
      payee_payable: '15000.00',
      [`payee_payable:${SELLER_COMPANY}`]: '0.00',
      [`payee_payable:${SUB}`]: '15000.00',
      payee_payouts: '15000.00',
      [`payee_payouts:${SELLER_COMPANY}`]: '15000.00',
      retainage: '0.00',
      [`retainage:${SELLER_COMPANY}`]: '0.00',
      [`retainage:${SUB}`]: '0.00',
    });
    const balance = escrowBalance(state);
    const ledger = balances(events);
    expect([balance.retainageHeld, balance.awaitingPayout, balance.paidOut, balance.clearing.plus(balance.cleared)].map((d) => d.toFixed(2))).toEqual([
      ledger.retainage,
      ledger.payee_payable,
      ledger.payee_payouts,
      ledger.escrow,
    ]);
  });
});

describe('the release of retainage at substantial completion', () => {
  it('opens one payout per payee from the retainage held in escrow, each paid once', () => {
    const s = given(...approvedSchedule(), deposit(301, '30000.00'), settle(301), clear(301), ...firstApplicationCertified(), paid(1), retainageReleased()[0]!);
    expect(s.payouts).toHaveLength(2);
    const { events, state } = run(s, retainageReleased()[1]!);
    expect(events[0]!.data).toMatchObject({
      releaseNumber: 1,
      payouts: [
        { payoutId: 3, payeeId: SELLER_COMPANY, amount: '1500.00' },
        { payoutId: 4, payeeId: SUB, amount: '1500.00' },
      ],
    });
    const once = run(state, paid(4));
    expect(once.events).toEqual([
      {
        type: 'BillingPayoutPaid',
        data: expect.objectContaining({ payoutId: 4, payeeId: SUB, amount: '1500.00', payment: { kind: 'retainage', releaseNumber: 1 } }),
      },
    ]);
    expect(run(once.state, paid(4)).events).toEqual([]);
    const balance = escrowBalance(once.state as ActiveBilling);
    expect([balance.retainageHeld, balance.awaitingPayout, balance.paidOut, balance.held].map((d) => d.toFixed(2))).toEqual([
      '0.00',
      '15000.00',
      '15000.00',
      '15000.00',
    ]);
  });

  it('waits until every released payment is paid from escrow, since its retainage is drawn with it', () => {
    const waiting = given(...approvedSchedule(), deposit(301, '29999.99'), settle(301), clear(301), ...firstApplicationCertified());
    expect(refusal(waiting, retainageReleased()[0]!)).toMatchObject({ code: 'payment_awaiting_funds', message: expect.stringContaining('Pay application 1') });
  });
});

describe("the refund of retainage by a dispute's resolution", () => {
  it("moves each payee's held retainage to a refund owed the buyer, paid once, and balances", () => {
    const admin = { now: '2026-12-02T09:00:00.000Z', actorId: 900, actorRole: 'admin' as const };
    const { events, state } = history(
      ...approvedSchedule(),
      deposit(301, '30000.00'),
      settle(301),
      clear(301),
      ...firstApplicationCertified(),
      paid(1),
      paid(2),
      command('DisputeBillingRetainage', { disputeId: 5, statement: 'Defects.' }, as.buyer()),
      command('ResolveBillingRetainageDispute', { resolution: 'refund', note: '' }, admin),
      command('RecordBillingRetainageRefundPaid', { refundId: 1, providerReference: 'r-1' }, as.system()),
    );
    const requested = events.find((e) => e.type === 'BillingRetainageRefundRequested')!;
    expect(shape(postingsFor(requested))).toEqual([
      ['retainage', SELLER_COMPANY, '-1500.00'],
      ['retainage', SUB, '-1500.00'],
      ['refunds_payable', null, '3000.00'],
    ]);
    for (const e of events) expect(sum(postingsFor(e).map((p) => money(p.amount))).toFixed(2)).toBe('0.00');
    const ledger = balances(events);
    expect(ledger).toMatchObject({ retainage: '0.00', refunds_payable: '0.00', buyer_refunds: '3000.00', escrow: '0.00' });
    const balance = escrowBalance(state as ActiveBilling);
    expect([balance.retainageHeld, balance.awaitingRefund, balance.refunded, balance.held].map((d) => d.toFixed(2))).toEqual([
      '0.00',
      '0.00',
      ledger.buyer_refunds,
      '0.00',
    ]);
  });
});
