import type { AttachedFile } from '../milestones/events';
import type { MilestoneTerms } from '../money/fees';
import type { Command } from '../shared/command';

export type CreateJobDraft = Command<
  'CreateJobDraft',
  {
    jobId: number;
    customerId: number;
    primaryCompanyId: number | null;
    service: string;
    customerInitiated: boolean;
  }
>;

type UpdateJobBasics = Command<'UpdateJobBasics', { customerId: number; primaryCompanyId: number | null; service: string }>;
/**
 * `milestoneCount`: how many milestones the read models show. Submitting needs one: the decider
 * counts those the project's stream lists too (a read model may not show one added a moment ago;
 * a project started before the stream listed them has only the read models' count).
 * `unstartedMilestones`: how many of those listed have no stream of their own (a proposal cut
 * between its two appends and never retried: no one ever saw that milestone), not counted. A
 * caller may stop counting at the first started one: only whether one is left matters.
 */
type SubmitJob = Command<'SubmitJob', { milestoneCount: number; unstartedMilestones?: number }>;
/** The creator throws a draft away; it then exists for nobody. */
type DiscardJobDraft = Command<'DiscardJobDraft', Record<string, never>>;
/** legalName: the signer's own name on their account (first and last), which the signature must be. */
export type SignProjectAgreement = Command<
  'SignProjectAgreement',
  { party: 'customer' | 'company'; signedName: string; legalName: string; agreementHash: string; contractName: string }
>;

/**
 * The agreement lists a milestone version both parties just agreed, as its milestone's stream
 * says it (issued after MilestoneVersionAgreed, in the name of whoever agreed it).
 */
type RecordAgreedMilestone = Command<
  'RecordAgreedMilestone',
  { originalId: number; versionId: number; title: string; definition: string; position: number; terms: MilestoneTerms }
>;

/** A party adds a milestone (`originalId`) to the project, before its MilestoneProposed (ProjectMilestoneAdded). */
type AddProjectMilestone = Command<'AddProjectMilestone', { originalId: number }>;

/**
 * Either party sets the project's terms: the retainage percentage and the job site's state. New
 * milestone versions freeze them when proposed, so an approved version never changes.
 */
type SetProjectTerms = Command<'SetProjectTerms', { retainagePercent: unknown; siteState: unknown }>;

/**
 * Either party chooses how the project bills, while it is a draft: by milestones (the default) or
 * by progress against a schedule of values (docs/progress-billing.md).
 */
/** `milestoneCount`: how many milestones the read models show; progress billing needs none, there or on the project's stream. */
type ChooseBillingMethod = Command<'ChooseBillingMethod', { method: unknown; milestoneCount: number }>;

/**
 * What the retainage rules know of each milestone of the project, folded from its stream when
 * the command is issued: whether it is closed (every cent that came in has gone out of escrow)
 * and how much retainage it holds.
 */
export interface MilestoneRetainageFacts {
  originalId: number;
  closed: boolean;
  retainageHeld: string;
}

type RetainageCommand<TType extends string, TData> = Command<TType, TData & { milestones: MilestoneRetainageFacts[] }>;
export type RequestRetainageRelease = RetainageCommand<'RequestRetainageRelease', object>;
export type ApproveRetainageRelease = RetainageCommand<'ApproveRetainageRelease', object>;
/** A party disagrees about the retainage (a release asked for too early, or refused): an administrator decides. */
export type DisputeRetainage = RetainageCommand<'DisputeRetainage', { disputeId: number; statement: string }>;
/** Above `fourEyesAbove` (FOUR_EYES_ABOVE; absent: no limit) the resolution is only proposed; a different administrator approves it. */
export type ResolveRetainageDispute = RetainageCommand<'ResolveRetainageDispute', { resolution: unknown; note: string; fourEyesAbove?: string | null }>;
export type ApproveRetainageResolution = RetainageCommand<'ApproveRetainageResolution', { proposalId?: number | null }>;
export type RejectRetainageResolution = Command<'RejectRetainageResolution', { proposalId?: number | null; note: string }>;

/** A file as evidence in the open retainage dispute `disputeId`; all the dispute's files may add up to `maxBytes`. */
export type AddRetainageEvidence = Command<'AddRetainageEvidence', { attachmentId: string; disputeId: number; file: AttachedFile; maxBytes: number }>;
export type RemoveRetainageEvidence = Command<'RemoveRetainageEvidence', { attachmentId: string }>;

export type ProjectCommand =
  | CreateJobDraft
  | UpdateJobBasics
  | SubmitJob
  | DiscardJobDraft
  | SignProjectAgreement
  | RecordAgreedMilestone
  | AddProjectMilestone
  | SetProjectTerms
  | ChooseBillingMethod
  | RequestRetainageRelease
  | ApproveRetainageRelease
  | DisputeRetainage
  | ResolveRetainageDispute
  | ApproveRetainageResolution
  | RejectRetainageResolution
  | AddRetainageEvidence
  | RemoveRetainageEvidence;
