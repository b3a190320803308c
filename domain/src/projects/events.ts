import type { SiteState } from '../lien-waivers/states';
import type { AttachedFile, AttacherRole } from '../milestones/events';
import type { MilestoneTerms } from '../money/fees';
import type { CompanyRole } from '../teams/permissions';

/** Events of the project stream `job-<jobId>`. Type strings are stored: never rename them. */
interface JobDraftCreated {
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
interface JobBasicsUpdated {
  type: 'JobBasicsUpdated';
  data: { jobId: number; customerId: number; primaryCompanyId: number | null; service: string; updatedBy: number; at: string };
}

/** The final submit of the new-project screen: the project is no longer a draft (docs/product.md#project-draft-and-submit). */
interface JobSubmitted {
  type: 'JobSubmitted';
  data: { jobId: number; submittedBy: number; at: string };
}

/** The creator discarded the draft before submitting it. */
interface JobDraftDiscarded {
  type: 'JobDraftDiscarded';
  data: { jobId: number; discardedBy: number; at: string };
}

/** A party signed the escrow agreement by typing their name. */
interface ProjectAgreementSigned {
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
    /** The signer's role in the seller's company then (issue 37); absent for the buyer and on older signatures. */
    signerCompanyRole?: CompanyRole;
  };
}

/**
 * A milestone version both parties agreed (MilestoneVersionAgreed on the milestone's own
 * stream), as the project's escrow agreement lists it from now on. The agreement is the
 * project's: its stream keeps the terms the text lists, so the text, and where its signatures
 * stand before a deposit, are drawn up from the project's stream without reading every milestone.
 */
interface ProjectMilestoneAgreed {
  type: 'ProjectMilestoneAgreed';
  data: { jobId: number; originalId: number; versionId: number; title: string; definition: string; position: number; terms: MilestoneTerms; at: string };
}

/**
 * A party added a milestone to the project; its MilestoneProposed follows on the milestone's own
 * stream. The project's stream thus knows its milestones itself: submitting it and choosing how it
 * bills are decided on what was added, not on a read model a moment behind, and a milestone and
 * the choice of progress billing cannot both get in (both append here, one after the other).
 */
interface ProjectMilestoneAdded {
  type: 'ProjectMilestoneAdded';
  data: { jobId: number; originalId: number; addedBy: number; at: string };
}

/** A party set the project's retainage percentage and the job site's state (terms of versions proposed from now on). */
interface ProjectTermsSet {
  type: 'ProjectTermsSet';
  data: { jobId: number; retainagePercent: string; siteState: SiteState | null; setBy: number; at: string };
}

/** A party chose how the draft project bills: by milestones or by progress (docs/progress-billing.md). */
interface ProjectBillingChosen {
  type: 'ProjectBillingChosen';
  data: { jobId: number; billing: BillingMethod; by: number; at: string };
}

export type BillingMethod = 'milestones' | 'progress';

/** A party asks for the project's retainage to be released to its payees (every milestone closed). */
interface RetainageReleaseRequested {
  type: 'RetainageReleaseRequested';
  data: { jobId: number; party: 'customer' | 'company'; by: number; amount: string; at: string };
}

/**
 * The other party approved the release: both parties agree. The retainage of `milestoneIds`
 * leaves for the payees (RetainageReleased in each milestone's stream).
 */
interface RetainageReleaseApproved {
  type: 'RetainageReleaseApproved';
  data: { jobId: number; party: 'customer' | 'company'; by: number; amount: string; milestoneIds: number[]; at: string };
}

interface RetainageDisputeOpened {
  type: 'RetainageDisputeOpened';
  data: { jobId: number; disputeId: number; party: 'customer' | 'company'; by: number; statement: string; at: string };
}

/** An administrator decided a retainage dispute: the retainage of `milestoneIds` goes to the payees or back to the buyer. */
interface RetainageDisputeResolved {
  type: 'RetainageDisputeResolved';
  data: { jobId: number; disputeId: number; by: number; resolution: RetainageResolution; amount: string; milestoneIds: number[]; note: string; at: string };
}

export type RetainageResolution = 'release' | 'refund';

/** Four eyes: a retainage resolution above FOUR_EYES_ABOVE, proposed by one administrator; nothing moves until another approves it. */
interface RetainageResolutionProposed {
  type: 'RetainageResolutionProposed';
  data: {
    jobId: number;
    disputeId: number;
    proposalId: number;
    by: number;
    resolution: RetainageResolution;
    amount: string;
    milestoneIds: number[];
    note: string;
    fourEyesAbove: string;
    at: string;
  };
}

/** A second administrator approved it: RetainageDisputeResolved (in the proposer's name) follows in the same append. */
interface RetainageResolutionApproved {
  type: 'RetainageResolutionApproved';
  data: { jobId: number; disputeId: number; proposalId: number; by: number; proposedBy: number; at: string };
}

/** Rejected by another administrator or withdrawn by its proposer (by === proposedBy). */
interface RetainageResolutionRejected {
  type: 'RetainageResolutionRejected';
  data: { jobId: number; disputeId: number; proposalId: number; by: number; proposedBy: number; note: string; at: string };
}

/**
 * Evidence in a retainage dispute: a file either party or an administrator attached while the
 * dispute was open (its bytes in the file store under `sha256`, as a milestone's attachments).
 */
interface RetainageEvidenceAdded {
  type: 'RetainageEvidenceAdded';
  data: AttachedFile & { jobId: number; disputeId: number; attachmentId: string; by: number; byRole: AttacherRole; at: string };
}

/** Its attacher took it back while the dispute was open; the bytes are kept for the audit. */
interface RetainageEvidenceRemoved {
  type: 'RetainageEvidenceRemoved';
  data: { jobId: number; disputeId: number; attachmentId: string; by: number; at: string };
}

export type ProjectEvent =
  | JobDraftCreated
  | JobBasicsUpdated
  | JobSubmitted
  | JobDraftDiscarded
  | ProjectAgreementSigned
  | ProjectMilestoneAgreed
  | ProjectMilestoneAdded
  | ProjectTermsSet
  | ProjectBillingChosen
  | RetainageReleaseRequested
  | RetainageReleaseApproved
  | RetainageDisputeOpened
  | RetainageDisputeResolved
  | RetainageResolutionProposed
  | RetainageResolutionApproved
  | RetainageResolutionRejected
  | RetainageEvidenceAdded
  | RetainageEvidenceRemoved;
export type ProjectEventType = ProjectEvent['type'];
export const PROJECT_EVENT_TYPES: readonly ProjectEventType[] = [
  'JobDraftCreated',
  'JobBasicsUpdated',
  'JobSubmitted',
  'JobDraftDiscarded',
  'ProjectAgreementSigned',
  'ProjectMilestoneAgreed',
  'ProjectMilestoneAdded',
  'ProjectTermsSet',
  'ProjectBillingChosen',
  'RetainageReleaseRequested',
  'RetainageReleaseApproved',
  'RetainageDisputeOpened',
  'RetainageDisputeResolved',
  'RetainageResolutionProposed',
  'RetainageResolutionApproved',
  'RetainageResolutionRejected',
  'RetainageEvidenceAdded',
  'RetainageEvidenceRemoved',
];

export const projectStreamId = (projectId: number): string => `job-${projectId}`;
