import type { RecordedEvent } from '../event-store/event-store.port';
import { upcastEvent } from '../event-store/upcasting';
import { currentMilestoneShape } from './milestone.state';
import { MILESTONE_UPCASTERS, schemaVersionOf } from './upcasters';

const recorded = (type: string, data: unknown, schemaVersion = 1): RecordedEvent =>
  ({
    id: 'e',
    streamId: 'milestone-1',
    revision: 0n,
    position: { commit: 1n, prepare: 1n },
    type,
    data,
    metadata: { schemaVersion },
    recordedAt: new Date(),
  }) as unknown as RecordedEvent;

describe('events written before retainage and lien waivers', () => {
  it('read as versions with no retainage and no job-site state', () => {
    const terms = { amount: '10.00', payees: [{ payeeId: 1, net: '10.00' }], depositTotal: '10.23' };
    const proposed = upcastEvent(recorded('MilestoneProposed', { originalId: 1, terms }), MILESTONE_UPCASTERS);
    expect(proposed.data).toEqual({
      originalId: 1,
      terms: { ...terms, payees: [{ payeeId: 1, net: '10.00', retainage: '0.00' }], retainagePercent: '0.00', retainageTotal: '0.00', lienWaiverState: null },
    });
    expect(proposed.metadata.schemaVersion).toBe(2);
    expect(upcastEvent(recorded('DisbursementRequested', { amount: '10.00', fee: '0.23' }), MILESTONE_UPCASTERS).data).toEqual({
      amount: '10.00',
      fee: '0.23',
      retainage: '0.00',
      lienWaiverState: null,
    });
    // New events are written at the current version and pass unchanged; malformed old ones reach the projector as they are.
    expect(schemaVersionOf('MilestoneEditProposed')).toBe(2);
    const current = recorded('DisbursementRequested', { retainage: '5.00', lienWaiverState: 'AZ' }, 2);
    expect(upcastEvent(current, MILESTONE_UPCASTERS).data).toEqual({ retainage: '5.00', lienWaiverState: 'AZ' });
    expect(upcastEvent(recorded('MilestoneProposed', { originalId: 1 }), MILESTONE_UPCASTERS).data).toEqual({ originalId: 1 });
  });

  it('stored by the older read side read in the current shape', () => {
    const old = {
      status: 'active',
      versions: [{ versionId: 1, terms: { amount: '10.00', payees: [{ payeeId: 1 }] } }],
      disbursements: [{ disbursementId: 1, amount: '10.00' }],
    };
    const shaped = currentMilestoneShape(old as never) as unknown as Record<string, unknown[]>;
    expect(shaped.waivers).toEqual([]);
    expect(shaped.retainageReleases).toEqual([]);
    expect(shaped.disbursements).toEqual([{ disbursementId: 1, amount: '10.00', retainage: '0.00', lienWaiverState: null }]);
    expect((shaped.versions![0] as { terms: { retainagePercent: string } }).terms.retainagePercent).toBe('0.00');
  });
});

describe('payouts recorded before payouts named their account', () => {
  it('read with payoutAccount null, and current ones are written as version 2', () => {
    for (const type of ['DisbursementPaid', 'RetainagePaid']) {
      const paid = upcastEvent(recorded(type, { originalId: 1, amount: '10.00', providerReference: 'sbx_1' }), MILESTONE_UPCASTERS);
      expect(paid.data).toEqual({ originalId: 1, amount: '10.00', providerReference: 'sbx_1', payoutAccount: null });
      expect(schemaVersionOf(type)).toBe(2);
    }
    const named = { originalId: 1, payoutAccount: { bankAccountId: 3, last4: '6789', bankName: null } };
    expect(upcastEvent(recorded('DisbursementPaid', named, 2), MILESTONE_UPCASTERS).data).toEqual(named);
  });
});

describe('files recorded before the bytes as uploaded were', () => {
  const stored = { attachmentId: 'a', name: 'wall.jpg', size: 900, mediaType: 'image/jpeg', sha256: 'b'.repeat(64), thumbnailSha256: 'c'.repeat(64) };

  it('read with their uploaded hash and size not recorded (null), and current ones are written as version 2', () => {
    for (const type of ['AttachmentAdded', 'RetainageEvidenceAdded']) {
      const old = upcastEvent(recorded(type, stored), MILESTONE_UPCASTERS);
      expect(old.data).toEqual({ ...stored, originalSha256: null, originalSize: null });
      expect(old.metadata.schemaVersion).toBe(2);
      expect(schemaVersionOf(type)).toBe(2);
      const current = { ...stored, originalSha256: 'd'.repeat(64), originalSize: 1200 };
      expect(upcastEvent(recorded(type, current, 2), MILESTONE_UPCASTERS).data).toEqual(current);
    }
  });

  it('stored by the older read side read with them not recorded', () => {
    const old = { status: 'active', versions: [], disbursements: [], waivers: [], attachments: [{ ...stored, removed: null }] };
    const shaped = currentMilestoneShape(old as never) as unknown as { attachments: unknown[] };
    expect(shaped.attachments).toEqual([{ ...stored, removed: null, originalSha256: null, originalSize: null }]);
  });
});
