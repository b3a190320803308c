import { billingPostings } from '../ledger/billing-postings';
import { money, sum } from '../money/money';
import { escrowBalance } from './billing.escrow';
import type { ActiveBilling, BillingState } from './billing.state';
import { allAsBilled, approvedSchedule, as, BUYER, command, firstApplication, given, PROGRESS, refusal, run } from './billing.test-kit';
import type { BillingCommand } from './commands';

const SIGNED = { customer: 'signed', company: 'signed' } as const;
const cleared = (depositId: number, amount: string): BillingCommand[] => [
  command('RequestBillingDeposit', { depositId, amount, bankAccountLast4: null, agreement: SIGNED }, as.buyer()),
  command('SettleBillingDeposit', { depositId, providerReference: `sbx-${depositId}`, clearsAt: '2026-11-01T00:00:00.000Z' }, as.system()),
  command('ClearBillingDeposit', { depositId }, as.system()),
];
const ask = (amount: unknown, metadata = as.buyer(), project = PROGRESS) => command('RequestBillingBalanceReturn', { amount }, metadata, project);
const approve = (returnId: number, metadata = as.seller()) => command('ApproveBillingBalanceReturn', { returnId }, metadata);
const decline = (returnId: number, metadata = as.seller()) => command('DeclineBillingBalanceReturn', { returnId, reason: 'We finish the work.' }, metadata);
const refundPaid = (refundId: number) => command('RecordBillingRetainageRefundPaid', { refundId, providerReference: `r-${refundId}` }, as.system());
const types = (events: { type: string }[]) => events.map((e) => e.type);
const figures = (s: BillingState) => {
  const b = escrowBalance(s as ActiveBilling);
  return { cleared: b.cleared.toFixed(2), returnable: b.returnable.toFixed(2), atOnce: b.returnableAtOnce.toFixed(2), returned: b.balanceReturned.toFixed(2) };
};

/**
 * The worked example's contract sum is $100,000.00; its application 1, certified as billed,
 * draws $30,000.00 ($27,000.00 due and $3,000.00 retained). With $130,000.00 deposited, $100,000.00
 * stays cleared and undrawn, of which $70,000.00 the rest of the contract needs: $30,000.00 is surplus.
 */
const overFunded = (): ActiveBilling => given(...approvedSchedule(), ...cleared(301, '130000.00'), firstApplication(), allAsBilled(1));

describe('returning unused escrow funds to the buyer', () => {
  it('returns up to the surplus at once, as one refund, and shows what is left', () => {
    const s = overFunded();
    expect(figures(s)).toEqual({ cleared: '100000.00', returnable: '100000.00', atOnce: '30000.00', returned: '0.00' });
    const { events, state } = run(s, ask('30000.00'));
    expect(types(events)).toEqual(['BillingBalanceReturnRequested', 'BillingBalanceReturned']);
    expect(events[0]!.data).toMatchObject({ returnId: 1, amount: '30000.00', surplus: '30000.00', needsSeller: false, by: BUYER });
    expect(events[1]!.data).toMatchObject({ returnId: 1, refundId: 1, amount: '30000.00' });
    expect(figures(state)).toEqual({ cleared: '70000.00', returnable: '70000.00', atOnce: '0.00', returned: '30000.00' });
    expect(escrowBalance(state as ActiveBilling).awaitingRefund.toFixed(2)).toBe('30000.00');
  });

  it('is paid once by the provider’s refund report, the same report as a retainage refund’s', () => {
    const returned = run(overFunded(), ask('1000.00')).state;
    const paid = run(returned, refundPaid(1));
    expect(paid.events).toEqual([
      { type: 'BillingBalanceReturnPaid', data: expect.objectContaining({ returnId: 1, refundId: 1, amount: '1000.00', providerReference: 'r-1' }) },
    ]);
    expect(run(paid.state, refundPaid(1)).events).toEqual([]);
    const b = escrowBalance(paid.state as ActiveBilling);
    expect([b.awaitingRefund.toFixed(2), b.refunded.toFixed(2)]).toEqual(['0.00', '1000.00']);
    expect(refusal(paid.state, refundPaid(2)).code).toBe('retainage_refund_not_found');
  });

  it('asks the seller beyond the surplus; the seller’s approval returns it, a decline returns nothing', () => {
    const s = overFunded();
    const asked = run(s, ask('30000.01'));
    expect(types(asked.events)).toEqual(['BillingBalanceReturnRequested']);
    expect(asked.events[0]!.data).toMatchObject({ needsSeller: true, surplus: '30000.00' });
    expect(figures(asked.state).returned).toBe('0.00');
    expect(refusal(asked.state, ask('1.00')).code).toBe('balance_return_pending');
    expect(refusal(asked.state, approve(1, as.buyer())).code).toBe('seller_only');
    expect(refusal(asked.state, approve(2)).code).toBe('balance_return_not_found');
    const approved = run(asked.state, approve(1));
    expect(types(approved.events)).toEqual(['BillingBalanceReturnApproved', 'BillingBalanceReturned']);
    expect(figures(approved.state)).toMatchObject({ cleared: '69999.99', returned: '30000.01' });
    expect(refusal(approved.state, approve(1)).code).toBe('balance_return_decided');
    const declined = run(asked.state, decline(1));
    expect(types(declined.events)).toEqual(['BillingBalanceReturnDeclined']);
    expect(figures(declined.state)).toMatchObject({ cleared: '100000.00', returned: '0.00' });
    expect(refusal(declined.state, approve(1)).code).toBe('balance_return_decided');
    // Once decided, the buyer may ask again.
    expect(types(run(declined.state, ask('5.00')).events)).toEqual(['BillingBalanceReturnRequested', 'BillingBalanceReturned']);
  });

  it('counts a change order that lowers the contract sum as surplus', () => {
    const s = given(
      ...approvedSchedule(),
      ...cleared(301, '130000.00'),
      command('ProposeChangeOrder', { changeOrderId: 1, reason: 'No framing upstairs.', changes: [{ line: '3', scheduledValue: '40000' }] }, as.buyer()),
      command('ApproveChangeOrder', { changeOrderId: 1 }, as.seller()),
      firstApplication(),
      allAsBilled(1),
    );
    expect(figures(s)).toMatchObject({ cleared: '100000.00', atOnce: '40000.00' });
    expect(types(run(s, ask('40000.00')).events)).toEqual(['BillingBalanceReturnRequested', 'BillingBalanceReturned']);
    expect(run(s, ask('40000.01')).events[0]!.data).toMatchObject({ needsSeller: true });
  });

  it('keeps what an open application needs even when the contract sum is drawn', () => {
    // Nothing billed yet: the whole contract sum is still to be drawn.
    const s = given(...approvedSchedule(), ...cleared(301, '100000.00'), firstApplication());
    expect(figures(s)).toMatchObject({ returnable: '100000.00', atOnce: '0.00' });
    expect(run(s, ask('0.01')).events[0]!.data).toMatchObject({ needsSeller: true });
  });

  it('never returns funds still clearing, nor more than the cleared undrawn balance', () => {
    const clearing = given(
      ...approvedSchedule(),
      command('RequestBillingDeposit', { depositId: 301, amount: '500.00', bankAccountLast4: null, agreement: SIGNED }, as.buyer()),
      command('SettleBillingDeposit', { depositId: 301, providerReference: 'x', clearsAt: '2099-01-01T00:00:00.000Z' }, as.system()),
    );
    expect(refusal(clearing, ask('1.00')).code).toBe('nothing_to_return');
    expect(refusal(overFunded(), ask('100000.01')).code).toBe('more_than_balance');
  });

  it('refuses anyone but the buyer, a draft, and amounts that are not dollars above zero', () => {
    const s = overFunded();
    expect(refusal(s, ask('1.00', as.seller())).code).toBe('buyer_only');
    expect(refusal(s, ask('1.00', as.outsider())).code).toBe('not_a_party');
    expect(refusal(s, ask('1.00', as.buyer(), { ...PROGRESS, status: 'draft' })).code).toBe('project_draft');
    for (const bad of ['1.234', 'ten', null, {}]) expect(refusal(s, ask(bad)).code).toBe('amount_format');
    for (const bad of ['0', '-5.00']) expect(refusal(s, ask(bad)).code).toBe('amount_positive');
    expect(refusal(s, ask('1000000000.00')).code).toBe('amount_too_large');
  });

  it('posts escrow to refunds payable to buyer refunds, each event balanced', () => {
    const returned = run(overFunded(), ask('2500.00'));
    const paid = run(returned.state, refundPaid(1));
    for (const e of [...returned.events, ...paid.events]) expect(sum(billingPostings(e).map((p) => money(p.amount))).isZero()).toBe(true);
    expect(billingPostings(returned.events[1]!).map((p) => [p.account, p.amount])).toEqual([
      ['escrow', '-2500.00'],
      ['refunds_payable', '2500.00'],
    ]);
    expect(billingPostings(paid.events[0]!).map((p) => [p.account, p.amount])).toEqual([
      ['refunds_payable', '-2500.00'],
      ['buyer_refunds', '2500.00'],
    ]);
  });
});
