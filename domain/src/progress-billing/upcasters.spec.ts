import type { RecordedEvent } from '../event-store/event-store.port';
import { upcastEvent } from '../event-store/upcasting';
import { postingsFor } from '../ledger/postings';
import { MILESTONE_UPCASTERS, schemaVersionOf } from '../milestones/upcasters';
import { money, sum } from '../money/money';
import type { BillingEvent } from './events';

const recorded = (type: string, data: unknown, schemaVersion = 1): RecordedEvent =>
  ({
    id: 'e',
    streamId: 'billing-7',
    revision: 0n,
    position: { commit: 1n, prepare: 1n },
    type,
    data,
    metadata: { schemaVersion },
    recordedAt: new Date(),
  }) as unknown as RecordedEvent;
const upcast = (type: string, data: object) => {
  const event = upcastEvent(recorded(type, { jobId: 7, at: '2026-11-28T00:00:00.000Z', ...data }), MILESTONE_UPCASTERS);
  return { type: event.type, data: event.data } as BillingEvent;
};
const balanced = (event: BillingEvent) => sum(postingsFor(event).map((p) => money(p.amount))).toFixed(2);

describe('billing money events written before the ledger posted them', () => {
  it('read with the fee their deposit was charged, which was always 2.25% on top', () => {
    const settled = upcast('BillingDepositSettled', { depositId: 1, amount: '10000.01', providerReference: 'p', clearsAt: '2026-12-01' });
    expect(settled.data).toMatchObject({ amount: '10000.01', fee: '225.00' });
    expect(upcast('BillingDepositReturned', { depositId: 1, amount: '10000.01', returnCode: 'R01', reason: 'x' }).data).toMatchObject({ fee: '225.00' });
    expect(balanced(settled)).toBe('0.00');
  });

  it('hold a payment’s retainage unattributed, and a release that opened no payout', () => {
    const funded = upcast('PayApplicationPaymentFunded', {
      applicationNumber: 1,
      payouts: [{ payoutId: 1, payeeId: 20, amount: '90.00' }],
      total: '90.00',
      retainage: '10.00',
      drawn: '100.00',
    });
    expect(postingsFor(funded).map((p) => [p.account, p.companyId, p.amount])).toEqual([
      ['escrow', null, '-100.00'],
      ['payee_payable', 20, '90.00'],
      ['retainage', null, '10.00'],
    ]);
    const released = upcast('BillingRetainageReleased', { releaseNumber: 1, party: 'customer', by: 1, lines: [], payees: [], total: '0.00' });
    expect(released.data).toMatchObject({ payouts: [] });
  });

  it('are written as version 2', () => {
    for (const type of ['BillingDepositSettled', 'BillingDepositReturned', 'PayApplicationPaymentFunded', 'BillingRetainageReleased']) {
      expect(schemaVersionOf(type)).toBe(2);
    }
  });
});
