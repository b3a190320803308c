import { BILLING_EVENT_TYPES } from '@escrow/domain';

import type { Names } from '../../read-models';
import { type AuditRow, describe as describeEvent } from './project-history';

const names: Names = {
  person: (id) => (id === 7 ? 'Jordan Buyer' : null),
  company: (id) => (id === 3 ? 'Saguaro Build Co.' : null),
};

const row = (type: string, data: Record<string, unknown>): AuditRow => ({
  event_id: 'e1',
  position: '1/1',
  stream_id: 'job-1',
  original_id: null,
  type,
  actor_id: 7,
  actor_role: 'customer',
  actor_company_role: null,
  occurred_at: new Date('2026-11-01T10:00:00Z'),
  data,
});

describe('project history sentences', () => {
  it('names the person of a company and their role then, or the person only on an event from before roles (issue 37)', () => {
    const people: Names = { ...names, person: (id) => (id === 8 ? 'Pat Manager' : null) };
    const proposed = { ...row('JobSubmitted', {}), actor_id: 8, actor_role: 'company' };
    expect(describeEvent({ ...proposed, actor_company_role: 'project_manager' }, new Map(), people).summary).toBe(
      'Project submitted (no longer a draft) — by Pat Manager (Project manager).',
    );
    expect(describeEvent(proposed, new Map(), people).summary).toBe('Project submitted (no longer a draft) — by Pat Manager.');
    const paid = { ...row('DisbursementPaid', { amount: '1.00', companyId: 3 }), actor_id: 8, actor_role: 'company', actor_company_role: 'finance' as const };
    expect(describeEvent(paid, new Map(), { ...people, company: names.company }).summary).toBe('$1.00 paid to Saguaro Build Co. — by Pat Manager (Finance).');
  });

  it('ends a sentence once when it ends with a company name that has its own period', () => {
    const { summary } = describeEvent(row('DisbursementPaid', { amount: '4200.00', companyId: 3 }), new Map(), names);
    expect(summary).toBe('$4,200.00 paid to Saguaro Build Co.');
  });

  it('names the account a payout went to, masked', () => {
    const payoutAccount = { bankAccountId: 9, last4: '6789', bankName: 'Canyon Bank' };
    expect(describeEvent(row('DisbursementPaid', { amount: '10.00', companyId: 3, payoutAccount }), new Map(), names).summary).toBe(
      '$10.00 paid to Saguaro Build Co. (account ••••6789 at Canyon Bank).',
    );
    expect(describeEvent(row('RetainagePaid', { amount: '1.00', companyId: 3, payoutAccount: null }), new Map(), names).summary).toBe(
      '$1.00 of retainage paid to Saguaro Build Co.',
    );
  });

  it('names the buyer and the seller of a new draft', () => {
    const { summary } = describeEvent(row('JobDraftCreated', { service: 'Roofing', customerId: 7, primaryCompanyId: 3 }), new Map(), names);
    expect(summary).toBe('Project started as a draft (Roofing) with buyer Jordan Buyer and seller Saguaro Build Co.');
  });

  it('names a file attached as evidence with its size, where it went and its hash, and a removal as kept', () => {
    const sha256 = 'c'.repeat(64);
    const added = row('AttachmentAdded', {
      by: 7,
      name: 'plan.pdf',
      size: 2_516_582,
      sha256,
      originalSha256: sha256,
      originalSize: 2_516_582,
      to: { kind: 'completion' },
    });
    expect(describeEvent(added, new Map(), names).summary).toBe(
      `Jordan Buyer attached “plan.pdf” (2.4 MB) to the evidence of the work of "Whole Project Milestone". SHA-256 ${sha256}, stored as uploaded.`,
    );
    expect(describeEvent(row('AttachmentRemoved', { by: 1, attachmentId: 'a' }), new Map(), names).summary).toBe(
      'An administrator removed a file from "Whole Project Milestone"; the ledger keeps its record and its bytes.',
    );
  });

  it('names a photo by its hash as stored and as its sender uploaded it, or says the upload’s was not recorded', () => {
    const [stored, uploaded] = ['c'.repeat(64), 'd'.repeat(64)];
    const photo = { by: 7, name: 'north wall.jpg', size: 2_516_582, sha256: stored, to: { kind: 'completion' } };
    expect(describeEvent(row('AttachmentAdded', { ...photo, originalSha256: uploaded, originalSize: 3_145_728 }), new Map(), names).summary).toBe(
      `Jordan Buyer attached “north wall.jpg” (2.4 MB) to the evidence of the work of "Whole Project Milestone". SHA-256 ${stored} as stored (re-encoded), ${uploaded} as uploaded (3.0 MB).`,
    );
    expect(describeEvent(row('RetainageEvidenceAdded', { ...photo, originalSha256: null, originalSize: null }), new Map(), names).summary).toBe(
      `Jordan Buyer attached “north wall.jpg” (2.4 MB) as evidence in the retainage dispute. SHA-256 ${stored} as stored; as uploaded not recorded.`,
    );
  });
});

describe('project history sentences of progress billing (issue 38)', () => {
  /** One data object with every field a billing event carries, so each sentence can be written. */
  const billing = {
    jobId: 1,
    at: '2026-11-01T10:00:00.000Z',
    by: 7,
    versionId: 2,
    lines: [{ line: '1', amount: '100.00', decision: 'as_billed' }],
    contractSum: '1000.00',
    reason: 'Because.',
    userId: 7,
    invitationId: '6b1f0c1e-7d2a-4c1b-9a3e-2f4d5c6b7a80',
    expiresAt: '2026-11-08T10:00:00.000Z',
    applicationNumber: 1,
    revision: 1,
    periodTo: '2026-11-30',
    billed: { currentPaymentDue: '90.00' },
    summary: { currentPaymentDue: '90.00' },
    byRole: 'certifier',
    automatic: true,
    total: '90.00',
    payees: [{ payeeId: 3, amount: '90.00' }],
    changeOrderId: 4,
    party: 'customer',
    netChange: '10.00',
    contractSumBefore: '1000.00',
    contractSumAfter: '1010.00',
    payment: { kind: 'application', applicationNumber: 1 },
    payoutId: 2,
    kind: 'conditional',
    siteState: 'UT',
    waiverHash: 'a'.repeat(64),
    waiverName: 'lien-waiver-job-1-payout-2-conditional-aaaaaaaaaaaa',
    payeeId: 3,
    amount: '90.00',
    providerReference: 'sbx_1',
    releaseNumber: 1,
    depositId: 5,
    fee: '2.03',
    bankAccountLast4: '6789',
    clearsAt: '2026-11-04T10:00:00.000Z',
    returnCode: 'R01',
    payouts: [{ payeeId: 3, amount: '90.00' }],
    retainage: '10.00',
    drawn: '100.00',
    // A retainage dispute's (the billing stream's, told as the milestone project's).
    disputeId: 9,
    statement: 'The punch list is not done.',
    resolution: 'refund',
    note: '',
    // A return of escrow funds to the buyer.
    returnId: 1,
    refundId: 1,
    surplus: '50.00',
    needsSeller: true,
  };

  it.each(BILLING_EVENT_TYPES)('describes %s in words, never by its stored name', (type) => {
    const { summary } = describeEvent({ ...row(type, billing), stream_id: 'billing-1' }, new Map(), names);
    expect(summary).not.toBe(type);
    expect(summary).toMatch(/^[A-Z$].*[.)]$/);
  });

  it('names a schedule version by its number in the project, not by its id', () => {
    const numbers = new Map([
      [800, 1],
      [803, 2],
    ]);
    const said = (type: string, versionId: number) =>
      describeEvent({ ...row(type, { ...billing, versionId }), stream_id: 'billing-1' }, new Map(), names, numbers).summary;
    expect(said('ScheduleVersionProposed', 803)).toBe('Schedule of values version 2 proposed by the seller: 1 line, contract sum $1,000.00.');
    expect(said('ScheduleVersionApproved', 803)).toBe('Schedule of values version 2 approved by the buyer: the contract sum is $1,000.00.');
    expect(said('ScheduleVersionRejected', 800)).toBe('Schedule of values version 1 rejected by the buyer. Because.');
  });

  it('names the payout, the payee and the state of a progress payment’s lien waivers', () => {
    expect(describeEvent(row('BillingLienWaiverSigned', billing), new Map(), names).summary).toBe(
      'Conditional lien waiver (Utah) for the payment of $90.00 for pay application 1 to Saguaro Build Co. signed.',
    );
    const issued = { ...billing, kind: 'unconditional', payment: { kind: 'retainage', releaseNumber: 1 } };
    expect(describeEvent(row('BillingLienWaiverIssued', issued), new Map(), names).summary).toBe(
      'Unconditional lien waiver (Utah) for the retainage release 1 of $90.00 to Saguaro Build Co. issued on payment.',
    );
  });

  it('says the held-funds clock reminded the buyer of a shortfall: how much, by when, for which application', () => {
    const reminded = { applicationNumber: 2, period: 1, amount: '20000.00', depositBy: '2026-12-10' };
    expect(describeEvent({ ...row('BillingShortfallReminded', reminded), actor_id: 0, actor_role: 'system' }, new Map(), names).summary).toBe(
      'Reminded the buyer to deposit $20,000.00 by 2026-12-10 for pay application 2; the seller was told of the shortfall.',
    );
  });

  it('says who the buyer invited and who accepted the invitation to certify', () => {
    expect(describeEvent(row('CertifierInvited', billing), new Map(), names).summary).toBe(
      'The buyer invited a certifier by email; the link works once, until 2026-11-08 10:00 UTC.',
    );
    expect(describeEvent(row('CertifierInvitationRevoked', billing), new Map(), names).summary).toBe(
      'The buyer withdrew an invitation to certify; its link no longer works.',
    );
    expect(describeEvent(row('CertifierNamed', billing), new Map(), names).summary).toBe('Jordan Buyer accepted the invitation to certify pay applications.');
    expect(describeEvent(row('CertifierNamed', { ...billing, invitationId: undefined }), new Map(), names).summary).toBe(
      'The buyer named Jordan Buyer to certify pay applications.',
    );
  });
});
