import { BANK_ACCOUNT_SCHEMA_VERSIONS } from '../bank-accounts/upcasters';
import type { Upcaster } from '../event-store/upcasting';
import { BILLING_SCHEMA_VERSIONS, BILLING_UPCASTERS } from '../progress-billing/upcasters';

/**
 * DepositSettled 1 → 2. Version 1 was written before the ACH return window existed: its funds
 * counted as cleared when they settled. Version 1 events written after clearsAt appeared (while
 * it was optional) carry it and clear later.
 */
const depositSettledV2: Upcaster = {
  type: 'DepositSettled',
  fromVersion: 1,
  upcast: (data) => {
    const d = data as { at: string; clearsAt?: string };
    return d.clearsAt ? { ...d, clearedOnSettlement: false } : { ...d, clearsAt: d.at, clearedOnSettlement: true };
  },
};

/**
 * MilestoneProposed and MilestoneEditProposed 1 → 2: version 1 terms were written before
 * retainage and lien waivers: no retainage, no job-site state.
 */
const withoutRetainage = (terms: { payees?: unknown }) => ({
  ...terms,
  // Upcasting runs inside the store's readers: a malformed old event must reach the projector
  // (which parks its stream) unchanged rather than stop every reader here.
  ...(Array.isArray(terms.payees) ? { payees: terms.payees.map((p: unknown) => (p && typeof p === 'object' ? { ...p, retainage: '0.00' } : p)) } : {}),
  retainagePercent: '0.00',
  retainageTotal: '0.00',
  lienWaiverState: null,
});
const proposalV2 = (type: string): Upcaster => ({
  type,
  fromVersion: 1,
  upcast: (data) => {
    const d = data as { terms?: unknown };
    return d && typeof d === 'object' && d.terms && typeof d.terms === 'object' ? { ...d, terms: withoutRetainage(d.terms) } : data;
  },
});

/** DisbursementRequested 1 → 2: nothing was withheld and no waiver was asked for. */
const disbursementRequestedV2: Upcaster = {
  type: 'DisbursementRequested',
  fromVersion: 1,
  upcast: (data) => (data && typeof data === 'object' ? { ...data, retainage: '0.00', lienWaiverState: null } : data),
};

/** DisbursementPaid and RetainagePaid 1 → 2: payouts named no account before bank accounts were events. */
const paidToV2 = (type: string): Upcaster => ({
  type,
  fromVersion: 1,
  upcast: (data) => (data && typeof data === 'object' ? { payoutAccount: null, ...data } : data),
});

/**
 * AttachmentAdded and RetainageEvidenceAdded 1 → 2: version 1 recorded only the file as stored
 * (an image drawn again), not the bytes as they were uploaded: their hash and size were not
 * recorded, and stay null ("not recorded"; they cannot be known now).
 */
const uploadedAsV2 = (type: string): Upcaster => ({
  type,
  fromVersion: 1,
  upcast: (data) => (data && typeof data === 'object' ? { originalSha256: null, originalSize: null, ...data } : data),
});

export const MILESTONE_UPCASTERS: readonly Upcaster[] = [
  depositSettledV2,
  proposalV2('MilestoneProposed'),
  proposalV2('MilestoneEditProposed'),
  disbursementRequestedV2,
  paidToV2('DisbursementPaid'),
  paidToV2('RetainagePaid'),
  uploadedAsV2('AttachmentAdded'),
  // A project's event, upcast here as the milestones' are: one list serves every stream.
  uploadedAsV2('RetainageEvidenceAdded'),
  // And the progress-billing stream's.
  ...BILLING_UPCASTERS,
];

/** The schema version new events of each type are written with (1 unless listed). */
const CURRENT_VERSIONS: Record<string, number> = {
  ...BANK_ACCOUNT_SCHEMA_VERSIONS,
  ...BILLING_SCHEMA_VERSIONS,
  DepositSettled: 2,
  MilestoneProposed: 2,
  MilestoneEditProposed: 2,
  DisbursementRequested: 2,
  DisbursementPaid: 2,
  RetainagePaid: 2,
  AttachmentAdded: 2,
  RetainageEvidenceAdded: 2,
};
export const schemaVersionOf = (type: string): number => CURRENT_VERSIONS[type] ?? 1;
