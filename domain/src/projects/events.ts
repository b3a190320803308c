/** Events of the project stream `job-<jobId>`. Type strings are stored: never rename them. */
export interface JobDraftCreated {
  type: 'JobDraftCreated';
  data: {
    jobId: number;
    customerId: number;
    /** The seller's company; null until the buyer picks one in the buyer-started flow. */
    primaryCompanyId: number | null;
    service: string;
    customerInitiated: boolean;
    createdBy: number;
    createdAt: string;
  };
}

/** Parties or service changed while the project is a draft (PUT /api/job/basic). */
export interface JobBasicsUpdated {
  type: 'JobBasicsUpdated';
  data: { jobId: number; customerId: number; primaryCompanyId: number | null; service: string; updatedBy: number; at: string };
}

/** The final submit of the new-project screen: the project is no longer a draft (spec §4). */
export interface JobSubmitted {
  type: 'JobSubmitted';
  data: { jobId: number; submittedBy: number; at: string };
}

/** The creator discarded the draft before submitting it. */
export interface JobDraftDiscarded {
  type: 'JobDraftDiscarded';
  data: { jobId: number; discardedBy: number; at: string };
}

/** A party signed the escrow agreement by typing their name. */
export interface ProjectAgreementSigned {
  type: 'ProjectAgreementSigned';
  data: {
    jobId: number;
    party: 'customer' | 'company';
    signedBy: number;
    signedName: string;
    /** SHA-256 of the agreement text that was signed. */
    agreementHash: string;
    contractName: string;
    at: string;
  };
}

export type ProjectEvent = JobDraftCreated | JobBasicsUpdated | JobSubmitted | JobDraftDiscarded | ProjectAgreementSigned;
export type ProjectEventType = ProjectEvent['type'];
export const PROJECT_EVENT_TYPES: readonly ProjectEventType[] = [
  'JobDraftCreated',
  'JobBasicsUpdated',
  'JobSubmitted',
  'JobDraftDiscarded',
  'ProjectAgreementSigned',
];

export const projectStreamId = (jobId: number): string => `job-${jobId}`;
