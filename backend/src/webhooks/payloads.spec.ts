import type { RecordedEvent } from '@escrow/domain';

import { payloadOf } from './payloads';

const paid = (type: string, payoutAccount: unknown): RecordedEvent =>
  ({
    id: '3f1c2a9e-0000-4000-8000-000000000001',
    streamId: 'milestone-5',
    revision: 7,
    position: { commit: 10n, prepare: 11n },
    type,
    data: { originalId: 5, amount: '10.00', payoutAccount },
    metadata: { occurredAt: '2026-11-26T10:00:00.000Z', jobId: 3 },
    recordedAt: new Date(),
  }) as unknown as RecordedEvent;

describe('webhook payloads of payouts', () => {
  it('name the account paid, masked, and say null for payouts made before payouts named one', () => {
    const account = { bankAccountId: 4, last4: '6789', bankName: 'Canyon Bank' };
    const data = (event: RecordedEvent) => JSON.parse(payloadOf('d', 'disbursement.paid', event, 3)).data;
    expect(data(paid('DisbursementPaid', account)).payout_account).toEqual({ last4: '6789', masked: '••••6789', bank_name: 'Canyon Bank' });
    expect(data(paid('RetainagePaid', null)).payout_account).toBeNull();
    expect(JSON.stringify(data(paid('DisbursementPaid', account)))).not.toContain('sbx_');
  });
});

describe('webhook payloads name the milestone', () => {
  it('by its original id in milestone_original_id, and in the deprecated milestone_id for older receivers', () => {
    const body = JSON.parse(payloadOf('d', 'disbursement.paid', paid('DisbursementPaid', null), 3));
    expect(body).toMatchObject({ project_id: 3, milestone_original_id: 5, milestone_id: 5 });
  });

  it('as null on a project event', () => {
    const released = { ...paid('RetainageReleaseRequested', null), streamId: 'job-3', data: { jobId: 3, amount: '50.00' } } as RecordedEvent;
    const body = JSON.parse(payloadOf('d', 'retainage.released', released, 3));
    expect(body).toMatchObject({ milestone_original_id: null, milestone_id: null });
  });
});

describe('webhook payloads name who acted (issue 37)', () => {
  const proposed = (metadata: Record<string, unknown>) =>
    ({ ...paid('MilestoneProposed', null), metadata: { occurredAt: '2026-11-26T10:00:00.000Z', jobId: 3, ...metadata } }) as unknown as RecordedEvent;

  it('a company member by id, their role then, and the name the deliverer may give', () => {
    const body = JSON.parse(
      payloadOf('d', 'milestone.agreed', proposed({ actorId: '12', actorRole: 'company', actorCompanyRole: 'project_manager' }), 3, 'Pat Manager'),
    );
    expect(body.actor).toEqual({ kind: 'company', user_id: 12, name: 'Pat Manager', company_role: 'project_manager' });
  });

  it('an event from before roles by the person only, and the system as nobody', () => {
    expect(JSON.parse(payloadOf('d', 'milestone.agreed', proposed({ actorId: '12', actorRole: 'company' }), 3)).actor).toEqual({
      kind: 'company',
      user_id: 12,
      name: null,
      company_role: null,
    });
    expect(JSON.parse(payloadOf('d', 'disbursement.paid', proposed({ actorId: '0', actorRole: 'system' }), 3)).actor).toEqual({
      kind: 'system',
      user_id: null,
      name: null,
      company_role: null,
    });
  });
});
