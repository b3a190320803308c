import type { CommandMetadata } from '../shared/command';
import { retainageStanding } from './billing.decide.retainage';
import type { ActiveBilling } from './billing.state';
import {
  allAsBilled,
  approvedSchedule,
  as,
  BUYER,
  clearedDeposit,
  command,
  firstApplication,
  given,
  PROGRESS,
  refusal,
  run,
  SELLER_COMPANY,
  SUB,
} from './billing.test-kit';

const admin = (actorId = 900): CommandMetadata => ({ now: '2026-12-01T09:00:00.000Z', actorId, actorRole: 'admin' });
const dispute = (metadata = as.buyer(), statement = 'The punch list is not done.') =>
  command('DisputeBillingRetainage', { disputeId: 55, statement }, metadata);
const resolve = (resolution: 'release' | 'refund', fourEyesAbove: string | null = null, metadata = admin()) =>
  command('ResolveBillingRetainageDispute', { resolution, note: 'Checked the site.', fourEyesAbove }, metadata);
/** Application 1 certified as billed and funded: $3,000.00 held ($1,500.00 each for the seller and subcontractor 30). */
const held = () => [...approvedSchedule(), ...clearedDeposit(), firstApplication(), allAsBilled(1)];

describe('a dispute of the retainage of a progress-billed project', () => {
  it('replaces a pending request and stops requests and approvals while it is open', () => {
    const requested = given(...held(), command('RequestBillingRetainageRelease', {}, as.seller()));
    const { events, state } = run(requested, dispute());
    expect(events).toEqual([
      {
        type: 'BillingRetainageDisputeOpened',
        data: expect.objectContaining({ disputeId: 55, party: 'customer', by: BUYER, statement: 'The punch list is not done.' }),
      },
    ]);
    const s = state as ActiveBilling;
    expect(s.retainageRequest).toBeNull();
    expect(retainageStanding(s).blocked?.code).toBe('retainage_disputed');
    expect(refusal(s, command('ApproveBillingRetainageRelease', {}, as.buyer())).code).toBe('retainage_disputed');
    expect(refusal(s, command('RequestBillingRetainageRelease', {}, as.seller())).code).toBe('retainage_disputed');
    expect(refusal(s, dispute(as.seller())).code).toBe('retainage_disputed');
  });

  it('needs a statement, retainage held, and a party', () => {
    expect(refusal(given(...held()), dispute(as.buyer(), '  ')).code).toBe('statement_required');
    expect(refusal(given(...held()), dispute(as.buyer(), 'x'.repeat(5001))).code).toBe('statement_too_long');
    expect(refusal(given(...approvedSchedule()), dispute()).code).toBe('no_retainage_held');
    expect(refusal(given(...held()), dispute(as.outsider())).code).toBe('not_a_party');
    expect(refusal(given(...held()), dispute(admin())).code).toBe('not_a_party');
  });

  it('is not opened while the payment that withholds the retainage waits for funds: none of it is in escrow yet', () => {
    const unfundedRetainage = given(...approvedSchedule(), firstApplication(), allAsBilled(1));
    for (const party of [as.buyer(), as.seller()]) {
      const refused = refusal(unfundedRetainage, dispute(party));
      expect(refused.code).toBe('payment_awaiting_funds');
      expect(refused.message).toBe(
        "Pay application 1's payment is waiting for the buyer's deposit: the retainage it withholds is not in escrow yet. Dispute it once that payment is paid from escrow.",
      );
    }
  });

  it('is resolved by an administrator releasing each line to its payee, payouts and lien waivers as a parties release', () => {
    const s = given(...held(), dispute());
    expect(refusal(s, resolve('release', null, as.buyer())).code).toBe('admin_only');
    const { events, state } = run(s, command('ResolveBillingRetainageDispute', { resolution: 'release', note: '' }, admin(), { ...PROGRESS, siteState: 'AZ' }));
    expect(events.map((e) => e.type)).toEqual(['BillingRetainageDisputeResolved', 'BillingRetainageReleased']);
    expect(events[1]!.data).toMatchObject({
      releaseNumber: 1,
      party: null,
      by: 900,
      disputeId: 55,
      total: '3000.00',
      payees: [
        { payeeId: SELLER_COMPANY, amount: '1500.00' },
        { payeeId: SUB, amount: '1500.00' },
      ],
      payouts: [
        { payoutId: 3, payeeId: SELLER_COMPANY, amount: '1500.00', lienWaiverState: 'AZ' },
        { payoutId: 4, payeeId: SUB, amount: '1500.00', lienWaiverState: 'AZ' },
      ],
    });
    const after = state as ActiveBilling;
    expect(after.retainageDispute).toBeNull();
    expect(after.retainageDecisions).toEqual([expect.objectContaining({ disputeId: 55, resolution: 'release', amount: '3000.00', by: 900, approvedBy: null })]);
    expect(retainageStanding(after).blocked?.code).toBe('no_retainage_held');
    expect(refusal(after, resolve('release')).code).toBe('no_dispute');
  });

  it('is resolved by refund: each line forfeits its held retainage to the buyer, paid once', () => {
    const { events, state } = run(given(...held(), dispute(as.seller())), resolve('refund'));
    expect(events.map((e) => e.type)).toEqual(['BillingRetainageDisputeResolved', 'BillingRetainageRefundRequested']);
    expect(events[1]!.data).toMatchObject({
      refundId: 1,
      disputeId: 55,
      total: '3000.00',
      lines: [
        { line: '1', payeeId: SELLER_COMPANY, amount: '1000.00' },
        { line: '2', payeeId: SUB, amount: '1500.00' },
        { line: '3', payeeId: SELLER_COMPANY, amount: '500.00' },
      ],
    });
    const s = state as ActiveBilling;
    expect(s.toDate['2']).toMatchObject({ retainageReleased: '0.00', retainageRefunded: '1500.00' });
    expect(retainageStanding(s).total).toBe('0.00');
    const paid = run(s, command('RecordBillingRetainageRefundPaid', { refundId: 1, providerReference: 'sbx-r1' }, as.system()));
    expect(paid.events).toEqual([
      { type: 'BillingRetainageRefundPaid', data: expect.objectContaining({ refundId: 1, amount: '3000.00', providerReference: 'sbx-r1' }) },
    ]);
    // A second report changes nothing; only the provider reports it.
    expect(run(paid.state, command('RecordBillingRetainageRefundPaid', { refundId: 1, providerReference: 'sbx-r1' }, as.system())).events).toEqual([]);
    expect(refusal(s, command('RecordBillingRetainageRefundPaid', { refundId: 1, providerReference: 'x' }, as.buyer())).code).toBe('system_only');
    expect(refusal(s, command('RecordBillingRetainageRefundPaid', { refundId: 2, providerReference: 'x' }, as.system())).code).toBe(
      'retainage_refund_not_found',
    );
  });

  it('waits, above FOUR_EYES_ABOVE, for a different administrator to approve or reject', () => {
    const s = given(...held(), dispute());
    const proposed = run(s, resolve('refund', '1000.00'));
    expect(proposed.events).toEqual([
      {
        type: 'BillingRetainageResolutionProposed',
        data: expect.objectContaining({ proposalId: 1, resolution: 'refund', amount: '3000.00', fourEyesAbove: '1000.00' }),
      },
    ]);
    // Nothing moved: still held, still disputed.
    expect(retainageStanding(proposed.state as ActiveBilling).total).toBe('3000.00');
    expect(refusal(proposed.state, resolve('release', '1000.00', admin(901))).code).toBe('proposal_open');
    expect(refusal(proposed.state, command('ApproveBillingRetainageResolution', {}, admin())).code).toBe('same_admin');
    expect(refusal(proposed.state, command('ApproveBillingRetainageResolution', { proposalId: 2 }, admin(901))).code).toBe('other_proposal');
    expect(refusal(proposed.state, command('ApproveBillingRetainageResolution', {}, as.seller())).code).toBe('admin_only');
    const rejected = run(proposed.state, command('RejectBillingRetainageResolution', { proposalId: 1, note: 'Release instead.' }, admin(901)));
    expect(rejected.events[0]).toMatchObject({ type: 'BillingRetainageResolutionRejected', data: { proposalId: 1, by: 901, proposedBy: 900 } });
    expect(refusal(rejected.state, command('ApproveBillingRetainageResolution', {}, admin(901))).code).toBe('no_proposal');
    const again = run(rejected.state, resolve('release', '1000.00'));
    expect(again.events[0]).toMatchObject({ type: 'BillingRetainageResolutionProposed', data: { proposalId: 2 } });
    const approved = run(again.state, command('ApproveBillingRetainageResolution', { proposalId: 2 }, admin(901)));
    expect(approved.events.map((e) => e.type)).toEqual(['BillingRetainageResolutionApproved', 'BillingRetainageDisputeResolved', 'BillingRetainageReleased']);
    expect(approved.events[2]!.data).toMatchObject({ by: 900, disputeId: 55, total: '3000.00' });
    expect((approved.state as ActiveBilling).retainageDecisions).toEqual([expect.objectContaining({ by: 900, approvedBy: 901, resolution: 'release' })]);
  });

  it('refuses an approval once the retainage held changed since the proposal', () => {
    const proposed = given(...held(), dispute(), resolve('release', '1000.00'));
    // Application 2 is certified and funded meanwhile: more retainage is held than the proposer saw.
    const grown = given(
      ...held(),
      dispute(),
      resolve('release', '1000.00'),
      command('SubmitPayApplication', { periodTo: '2026-12-31', lines: [{ line: '3', workAmount: '10000.00' }] }, as.seller()),
      allAsBilled(2, 1, ['3']),
    );
    expect(retainageStanding(proposed).total).toBe('3000.00');
    expect(refusal(grown, command('ApproveBillingRetainageResolution', {}, admin(901))).code).toBe('proposal_stale');
  });

  it('is not resolved while an application is open or a payment waits for funds', () => {
    const open = given(
      ...held(),
      dispute(),
      command('SubmitPayApplication', { periodTo: '2026-12-31', lines: [{ line: '3', workAmount: '1000.00' }] }, as.seller()),
    );
    expect(refusal(open, resolve('release')).code).toBe('application_open');
    expect(refusal(open, resolve('refund')).code).toBe('application_open');
  });

  it("takes evidence from either side and an administrator while it is open, by the milestone dispute's rules", () => {
    const file = {
      name: 'a.pdf',
      size: 10,
      mediaType: 'application/pdf',
      sha256: 'a'.repeat(64),
      thumbnailSha256: null,
      originalSha256: 'a'.repeat(64),
      originalSize: 10,
    };
    const add = (attachmentId: string, metadata: CommandMetadata, disputeId = 55) =>
      command('AddBillingRetainageEvidence', { attachmentId, disputeId, file, maxBytes: 1000 }, metadata);
    const open = given(...held(), dispute());
    const { events, state } = run(open, add('e-1', as.seller()));
    expect(events).toEqual([
      { type: 'BillingRetainageEvidenceAdded', data: expect.objectContaining({ attachmentId: 'e-1', disputeId: 55, byRole: 'company' }) },
    ]);
    expect((state as ActiveBilling).retainageEvidence).toEqual([expect.objectContaining({ attachmentId: 'e-1', removed: null })]);
    expect(run(state, add('e-2', admin())).events[0]).toMatchObject({ data: { byRole: 'admin' } });
    expect(refusal(state, add('e-3', as.outsider())).code).toBe('not_a_party');
    expect(refusal(state, add('e-3', as.buyer(), 56)).code).toBe('no_such_dispute');
    expect(refusal(state, command('RemoveBillingRetainageEvidence', { attachmentId: 'e-1' }, as.buyer())).code).toBe('not_your_attachment');
    const removed = run(state, command('RemoveBillingRetainageEvidence', { attachmentId: 'e-1' }, as.seller()));
    expect(removed.events[0]!.type).toBe('BillingRetainageEvidenceRemoved');
    const resolved = run(state, resolve('release')).state;
    expect(refusal(resolved, add('e-4', as.buyer())).code).toBe('dispute_closed');
  });
});
