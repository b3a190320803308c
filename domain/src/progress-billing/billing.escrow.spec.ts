import { escrowBalance, shortfall } from './billing.escrow';
import type { ActiveBilling, BillingState } from './billing.state';
import { approvedSchedule, as, BUYER, command, firstApplicationCertified, given, PROGRESS, refusal, run, SELLER_COMPANY, SUB } from './billing.test-kit';
import type { BillingCommand } from './commands';

const SIGNED = { customer: 'signed', company: 'signed' } as const;

const deposit = (depositId: number, amount: unknown, agreement: { customer: string; company: string } = SIGNED, metadata = as.buyer(), project = PROGRESS) =>
  command('RequestBillingDeposit', { depositId, amount, bankAccountLast4: '6789', agreement: agreement as typeof SIGNED }, metadata, project);
const settle = (depositId: number, clearsAt = '2026-11-01T00:00:00.000Z') =>
  command('SettleBillingDeposit', { depositId, providerReference: `sbx-${depositId}`, clearsAt }, as.system());
const clear = (depositId: number) => command('ClearBillingDeposit', { depositId }, as.system());
/** A deposit that settled and cleared: funds a payment may be paid from. */
const cleared = (depositId: number, amount: string): BillingCommand[] => [deposit(depositId, amount), settle(depositId), clear(depositId)];

const types = (events: { type: string }[]) => events.map((e) => e.type);

describe('deposits into the project’s escrow balance', () => {
  it('debits the amount and the 2.25% fee on top, and credits the amount to escrow', () => {
    const { events } = run(given(...approvedSchedule()), deposit(301, '10000.01'));
    expect(events).toEqual([
      {
        type: 'BillingDepositRequested',
        data: expect.objectContaining({ depositId: 301, amount: '10000.01', fee: '225.00', total: '10225.01', requestedBy: BUYER, bankAccountLast4: '6789' }),
      },
    ]);
  });

  it('refuses anyone but the buyer, a draft project, an unsigned or changed agreement, and amounts that are not dollars', () => {
    const s = given(...approvedSchedule());
    expect(refusal(s, deposit(301, '100', SIGNED, as.seller())).code).toBe('buyer_only');
    expect(refusal(s, deposit(301, '100', SIGNED, as.outsider())).code).toBe('not_a_party');
    expect(refusal(s, deposit(301, '100', SIGNED, as.buyer(), { ...PROGRESS, status: 'draft' })).code).toBe('project_draft');
    expect(refusal(s, deposit(301, '100', { customer: 'signed', company: 'unsigned' })).code).toBe('agreement_unsigned');
    expect(refusal(s, deposit(301, '100', { customer: 'changed', company: 'signed' })).code).toBe('agreement_changed');
    expect(refusal(s, deposit(301, '1.234')).code).toBe('amount_format');
    expect(refusal(s, deposit(301, 'twelve')).code).toBe('amount_format');
    expect(refusal(s, deposit(301, '0')).code).toBe('amount_positive');
    expect(refusal(s, deposit(301, '1000000000.00')).code).toBe('amount_too_large');
    expect(refusal(given(...approvedSchedule(), deposit(301, '999999999.99')), deposit(302, '0.01')).code).toBe('amount_too_large');
  });

  it('settles, then clears after the return window; the provider’s repeated reports change nothing', () => {
    let s: BillingState = given(...approvedSchedule(), deposit(301, '500.00'), deposit(302, '700.00'));
    s = run(s, settle(301, '2099-01-01T00:00:00.000Z')).state;
    expect(run(s, settle(301)).events).toEqual([]);
    expect(refusal(s, clear(301)).code).toBe('not_yet_clear');
    expect(refusal(s, command('ReturnBillingDeposit', { depositId: 302, returnCode: 'R01', reason: 'x' }, as.system())).code).toBe('not_settled');
    s = run(s, command('FailBillingDeposit', { depositId: 302, reason: 'R01 Insufficient funds' }, as.system())).state;
    expect(escrowBalance(s as ActiveBilling)).toMatchObject({ pending: expect.anything(), clearing: expect.anything() });
    const balance = escrowBalance(s as ActiveBilling);
    expect([balance.pending.toFixed(2), balance.clearing.toFixed(2), balance.cleared.toFixed(2)]).toEqual(['0.00', '500.00', '0.00']);
    expect(refusal(s, command('SettleBillingDeposit', { depositId: 999, providerReference: 'x', clearsAt: '' }, as.system())).code).toBe('deposit_not_found');
    expect(refusal(s, { ...clear(301), metadata: as.buyer() }).code).toBe('system_only');
  });

  it('loses a returned deposit from the balance', () => {
    const s = given(...approvedSchedule(), deposit(301, '500.00'), settle(301, '2099-01-01T00:00:00.000Z'));
    const returned = run(s, command('ReturnBillingDeposit', { depositId: 301, returnCode: 'R01', reason: 'Insufficient funds' }, as.system()));
    expect(types(returned.events)).toEqual(['BillingDepositReturned']);
    const balance = escrowBalance(returned.state as ActiveBilling);
    expect([balance.clearing.toFixed(2), balance.cleared.toFixed(2), balance.held.toFixed(2)]).toEqual(['0.00', '0.00', '0.00']);
  });
});

describe('a released payment is paid only from cleared funds', () => {
  it('is paid at once, one payout per payee, when cleared funds cover its draw', () => {
    const { events, state } = run(given(...approvedSchedule(), ...cleared(301, '30000.00')), firstApplicationCertified()[0]!);
    const certified = run(state, firstApplicationCertified()[1]!);
    expect(types(certified.events)).toEqual([
      'PayApplicationCertified',
      'PayApplicationAccepted',
      'PayApplicationPaymentReleased',
      'PayApplicationPaymentFunded',
    ]);
    expect(events).toHaveLength(1);
    expect(certified.events[3]!.data).toMatchObject({
      applicationNumber: 1,
      payouts: [
        { payoutId: 1, payeeId: SELLER_COMPANY, amount: '13500.00' },
        { payoutId: 2, payeeId: SUB, amount: '13500.00' },
      ],
      total: '27000.00',
      retainage: '3000.00',
      drawn: '30000.00',
    });
    const balance = escrowBalance(certified.state as ActiveBilling);
    expect([balance.cleared.toFixed(2), balance.retainageHeld.toFixed(2), balance.awaitingPayout.toFixed(2)]).toEqual(['0.00', '3000.00', '27000.00']);
  });

  it('waits while cleared funds fall a cent short, shows the shortfall, and is paid when a deposit clears', () => {
    const s = given(...approvedSchedule(), ...cleared(301, '29999.99'), ...firstApplicationCertified());
    expect(s.applications[0]).toMatchObject({ status: 'accepted', payment: { total: '27000.00' }, funding: null });
    expect(s.payouts).toEqual([]);
    const short = shortfall(s)!;
    expect([short.amount.toFixed(2), short.by, short.applicationNumber]).toEqual(['0.01', '2026-12-10', 1]);
    // A deposit on its way counts against the shortfall, and pays nothing until it clears.
    const onItsWay = given(
      ...approvedSchedule(),
      ...cleared(301, '29999.99'),
      ...firstApplicationCertified(),
      deposit(302, '0.01'),
      settle(302, '2099-01-01T00:00:00.000Z'),
    );
    expect(shortfall(onItsWay)).toBeNull();
    expect(onItsWay.payouts).toEqual([]);
    const paid = run(given(...approvedSchedule(), ...cleared(301, '29999.99'), ...firstApplicationCertified(), deposit(302, '0.01'), settle(302)), clear(302));
    expect(types(paid.events)).toEqual(['BillingDepositCleared', 'PayApplicationPaymentFunded']);
    expect((paid.state as ActiveBilling).payouts.map((p) => [p.payoutId, p.payeeId, p.amount])).toEqual([
      [1, SELLER_COMPANY, '13500.00'],
      [2, SUB, '13500.00'],
    ]);
  });

  it('shows the open application’s draw as the next deposit before it is certified', () => {
    const s = given(...approvedSchedule(), firstApplicationCertified()[0]!);
    expect(shortfall(s)?.amount.toFixed(2)).toBe('30000.00');
    expect(shortfall(given(...approvedSchedule(), ...cleared(301, '30000.00'), firstApplicationCertified()[0]!))).toBeNull();
  });

  it('records each payout paid once', () => {
    const s = given(...approvedSchedule(), ...cleared(301, '30000.00'), ...firstApplicationCertified());
    const paid = command('RecordBillingPayoutPaid', { payoutId: 2, providerReference: 'p-2' }, as.system());
    const once = run(s, paid);
    expect(once.events).toEqual([
      {
        type: 'BillingPayoutPaid',
        data: expect.objectContaining({ payoutId: 2, payeeId: SUB, amount: '13500.00', payment: { kind: 'application', applicationNumber: 1 } }),
      },
    ]);
    expect(run(once.state, paid).events).toEqual([]);
    expect(refusal(s, command('RecordBillingPayoutPaid', { payoutId: 3, providerReference: 'p' }, as.system())).code).toBe('payout_not_found');
    const balance = escrowBalance(once.state as ActiveBilling);
    expect([balance.awaitingPayout.toFixed(2), balance.paidOut.toFixed(2)]).toEqual(['13500.00', '13500.00']);
  });
});
