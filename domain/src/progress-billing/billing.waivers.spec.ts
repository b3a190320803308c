import type { CommandMetadata } from '../shared/command';
import type { ActiveBilling, BillingState } from './billing.state';
import { approvedSchedule, as, command, firstApplicationCertified, given, PROGRESS, refusal, run, SELLER_COMPANY, SUB } from './billing.test-kit';
import { payoutsAwaitingWaiver, payoutWaiverStatus } from './billing.waivers';
import type { BillingCommand, BillingProjectFacts } from './commands';

/** The project with its job site in Utah: every payout exchanges lien waivers. */
const UTAH: BillingProjectFacts = { ...PROGRESS, siteState: 'UT' };
const HASH = 'a'.repeat(64);
const ISSUED = { waiverHash: 'b'.repeat(64), waiverName: 'lien-waiver-job-7-payout-2-unconditional-bbbbbbbbbbbb' };

const cleared = (depositId: number, amount: string): BillingCommand[] => [
  command('RequestBillingDeposit', { depositId, amount, bankAccountLast4: '6789', agreement: { customer: 'signed', company: 'signed' } }, as.buyer()),
  command('SettleBillingDeposit', { depositId, providerReference: `sbx-${depositId}`, clearsAt: '2026-11-01T00:00:00.000Z' }, as.system()),
  command('ClearBillingDeposit', { depositId }, as.system()),
];

/** The worked example's application 1, certified as billed on a project in `project`'s state: $13,500.00 to the seller (payout 1) and to subcontractor 30 (payout 2). */
const firstApplicationPaid = (project = UTAH): BillingCommand[] => [...cleared(301, '30000.00'), ...firstApplicationCertified(project)];

/** A user (300) of subcontractor 30, whose legal name is Sam Sub. */
const subUser = (): CommandMetadata => ({ ...as.seller(), actorId: 300, actorCompanyId: SUB });
const sign = (payoutId: number, kind: 'conditional' | 'unconditional', metadata: CommandMetadata = subUser(), signedName = 'Sam Sub') =>
  command(
    'SignBillingLienWaiver',
    { payoutId, kind, signedName, legalName: 'Sam Sub', waiverHash: HASH, waiverName: `lien-waiver-job-7-payout-${payoutId}-${kind}-aaaaaaaaaaaa` },
    metadata,
  );
const paid = (payoutId: number, unconditionalWaiver: typeof ISSUED | null = ISSUED) =>
  command('RecordBillingPayoutPaid', { payoutId, providerReference: `p-${payoutId}`, unconditionalWaiver }, as.system());
const types = (events: { type: string }[]) => events.map((e) => e.type);
const payout = (s: BillingState, payoutId: number) => (s as ActiveBilling).payouts.find((p) => p.payoutId === payoutId)!;

describe('lien waivers of progress payments on a project whose job site names a state', () => {
  it('releases and funds each payee’s payout with the job site’s state, each waiting for its conditional waiver', () => {
    const s = given(...approvedSchedule(), ...firstApplicationPaid());
    expect(s.applications[0]!.payment).toMatchObject({ lienWaiverState: 'UT' });
    expect(s.payouts.map((p) => [p.payoutId, p.payeeId, p.lienWaiverState])).toEqual([
      [1, SELLER_COMPANY, 'UT'],
      [2, SUB, 'UT'],
    ]);
    expect(payoutsAwaitingWaiver(s).map((p) => p.payoutId)).toEqual([1, 2]);
    expect(payoutWaiverStatus(payout(s, 2))).toBe('due');
  });

  it('lets a user of the payee company sign the conditional waiver, once, and nobody else', () => {
    const s = given(...approvedSchedule(), ...firstApplicationPaid());
    expect(refusal(s, sign(2, 'conditional', as.seller(), 'Sam Sub')).code).toBe('not_the_payee');
    expect(refusal(s, sign(2, 'conditional', as.buyer())).code).toBe('not_the_payee');
    expect(refusal(s, sign(2, 'conditional', as.architect())).code).toBe('not_the_payee');
    expect(refusal(s, sign(1, 'conditional')).code).toBe('not_the_payee');
    expect(refusal(s, sign(9, 'conditional')).code).toBe('payment_not_found');
    expect(refusal(s, sign(2, 'unconditional')).code).toBe('not_paid');
    expect(refusal(s, sign(2, 'conditional', subUser(), 'Someone Else')).code).toBe('signature_not_legal_name');
    expect(refusal(s, { ...sign(2, 'conditional'), data: { ...sign(2, 'conditional').data, waiverHash: 'nope' } } as BillingCommand).code).toBe('waiver_hash');
    const signed = run(s, sign(2, 'conditional'));
    expect(signed.events).toEqual([
      {
        type: 'BillingLienWaiverSigned',
        data: expect.objectContaining({
          jobId: 7,
          payoutId: 2,
          payment: { kind: 'application', applicationNumber: 1 },
          payeeId: SUB,
          kind: 'conditional',
          amount: '13500.00',
          siteState: 'UT',
          waiverHash: HASH,
          by: 300,
        }),
      },
    ]);
    expect(payoutWaiverStatus(payout(signed.state, 2))).toBe('signed');
    expect(payoutsAwaitingWaiver(signed.state as ActiveBilling).map((p) => p.payoutId)).toEqual([1]);
    expect(refusal(signed.state, sign(2, 'conditional')).code).toBe('already_signed');
  });

  it('issues the unconditional waiver when the payout is reported paid, once, and lets the payee sign it', () => {
    const s = given(...approvedSchedule(), ...firstApplicationPaid(), sign(2, 'conditional'));
    const once = run(s, paid(2));
    expect(types(once.events)).toEqual(['BillingPayoutPaid', 'BillingLienWaiverIssued']);
    expect(once.events[1]!.data).toMatchObject({ payoutId: 2, kind: 'unconditional', siteState: 'UT', amount: '13500.00', ...ISSUED });
    expect(payoutWaiverStatus(payout(once.state, 2))).toBe('issued');
    expect(run(once.state, paid(2)).events).toEqual([]);
    expect(refusal(once.state, sign(2, 'conditional')).code).toBe('already_paid');
    expect(types(run(once.state, sign(2, 'unconditional')).events)).toEqual(['BillingLienWaiverSigned']);
  });

  it('gives the payouts of a retainage release the job site’s state too', () => {
    const s = given(
      ...approvedSchedule(),
      ...firstApplicationPaid(),
      command('RequestBillingRetainageRelease', {}, as.seller(), UTAH),
      command('ApproveBillingRetainageRelease', {}, as.buyer(), UTAH),
    );
    expect(s.payouts.slice(2).map((p) => [p.payoutId, p.payeeId, p.amount, p.lienWaiverState, p.payment])).toEqual([
      [3, SELLER_COMPANY, '1500.00', 'UT', { kind: 'retainage', releaseNumber: 1 }],
      [4, SUB, '1500.00', 'UT', { kind: 'retainage', releaseNumber: 1 }],
    ]);
    expect(types(run(s, sign(4, 'conditional')).events)).toEqual(['BillingLienWaiverSigned']);
  });
});

describe('progress payments on a project whose job site names no state', () => {
  it('go out without waivers: none is due, none can be signed, none is issued on payment', () => {
    const s = given(...approvedSchedule(), ...firstApplicationPaid(PROGRESS));
    expect(s.payouts.map((p) => p.lienWaiverState)).toEqual([null, null]);
    expect(payoutsAwaitingWaiver(s)).toEqual([]);
    expect(payoutWaiverStatus(payout(s, 2))).toBe('none');
    expect(refusal(s, sign(2, 'conditional')).code).toBe('no_waiver');
    expect(types(run(s, paid(2)).events)).toEqual(['BillingPayoutPaid']);
  });
});
