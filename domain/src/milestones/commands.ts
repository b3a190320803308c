import type { SiteState } from '../lien-waivers/states';
import type { PayeeInput } from '../money/fees';
import type { Command } from '../shared/command';
import type { AttachedFile, AttachmentTarget, DisputeResolution, PaidToAccount, ReminderRecipient, WaiverKind, WaiverPayment } from './events';
import type { OriginalId, VersionId } from './ids';

export interface MilestoneContent {
  title: string;
  definition: string;
  position: number;
  payees: PayeeInput[];
  /** The milestone amount; needed when a payee takes a percentage or the remainder. */
  amount?: string | number | null;
  /** Ids the handler allocated for the payees, in order. */
  payeeIds: number[];
}

/**
 * What the milestone rules need to know of the project a milestone belongs to, read when the
 * command is issued. Every part only moves one way (a draft is submitted or discarded, parties
 * freeze at submission), so a reading that lags behind the
 * project's stream can only refuse, never let something through.
 */
export interface ProjectFacts {
  status: 'draft' | 'submitted' | 'discarded';
  customerId: number;
  /** The seller's company; null while a buyer-started draft has no seller yet. */
  companyId: number | null;
  /**
   * The project's terms now: a proposal or an edit freezes them into its version, so whatever a
   * lagging reading says is what the version shows and both parties approve.
   */
  retainagePercent: string;
  siteState: SiteState | null;
  /** How the project bills (absent: milestones); a progress-billed project takes no milestone. */
  billing?: 'milestones' | 'progress';
}

/** A command a party (buyer or seller) issues: it carries the facts of the project it is about. */
type PartyCommand<TType extends string, TData> = Command<TType, TData> & { project: ProjectFacts };

export type ProposeMilestone = PartyCommand<'ProposeMilestone', MilestoneContent & { originalId: OriginalId; jobId: number }>;
export type ProposeMilestoneEdit = PartyCommand<'ProposeMilestoneEdit', MilestoneContent & { versionId: VersionId; basedOnVersionId?: VersionId | null }>;
export type ApproveMilestoneVersion = PartyCommand<'ApproveMilestoneVersion', { versionId: VersionId }>;
export type RejectMilestoneVersion = PartyCommand<'RejectMilestoneVersion', { versionId: VersionId; reason?: string | null }>;
/**
 * Where each party's signature stands against the escrow agreement as it reads now: of this very
 * text, of an earlier text (the terms changed since), or none.
 */
export type AgreementStanding = 'signed' | 'changed' | 'unsigned';

/**
 * The escrow agreement as the deposit's handler drew it up from the write side: who signed that
 * text, and the version of this milestone it lists (null: none of its versions is agreed in it).
 * The decider checks the version against the stream, so terms agreed a moment after the text was
 * drawn up are never funded under signatures that do not cover them.
 */
export interface DepositAgreement {
  versionId: VersionId | null;
  customer: AgreementStanding;
  company: AgreementStanding;
}

export type RequestDeposit = PartyCommand<'RequestDeposit', { depositId: number; bankAccountLast4: string | null; agreement: DepositAgreement }>;
/** The provider settled the debit; the funds clear (can no longer be returned) at `clearsAt`. */
export type SettleDeposit = Command<'SettleDeposit', { depositId: number; providerReference: string; responseDays: number; clearsAt: string }>;
export type FailDeposit = Command<'FailDeposit', { depositId: number; reason: string }>;
/** The ACH return window of a settled deposit has passed: its funds may be disbursed. */
export type ClearDeposit = Command<'ClearDeposit', { depositId: number }>;
/** The bank returned a settled debit (R01 insufficient funds and the like) inside the return window. */
export type ReturnDeposit = Command<'ReturnDeposit', { depositId: number; returnCode: string; reason: string }>;
export type MarkMilestoneComplete = PartyCommand<'MarkMilestoneComplete', { complete: boolean }>;
/** The unconditional lien waiver generated when a payment that needs waivers reached its payee (its text is stored by name). */
export interface IssuedWaiver {
  waiverHash: string;
  waiverName: string;
}
export type RecordDisbursementPaid = Command<
  'RecordDisbursementPaid',
  { disbursementId: number; providerReference: string; unconditionalWaiver?: IssuedWaiver | null; payoutAccount?: PaidToAccount | null }
>;
export type OpenDispute = PartyCommand<'OpenDispute', { disputeId: number; statement: string }>;
/**
 * A file a party (or, on a dispute, an administrator) attaches; its bytes are already in the file
 * store. `maxMilestoneBytes`: what all the milestone's files may add up to (a setting).
 */
export type AddAttachment = PartyCommand<'AddAttachment', { attachmentId: string; to: AttachmentTarget; file: AttachedFile; maxMilestoneBytes: number }>;
/** Takes a file off what it was attached to; the event and the bytes stay, for the audit. */
export type RemoveAttachment = PartyCommand<'RemoveAttachment', { attachmentId: string }>;
export type RespondToDispute = PartyCommand<'RespondToDispute', { statement: string }>;
/**
 * An administrator's resolution. Above `fourEyesAbove` (FOUR_EYES_ABOVE, from the caller's
 * configuration; absent: no limit) it is only proposed, and a different administrator approves it.
 */
export type ResolveDispute = Command<
  'ResolveDispute',
  { resolution: DisputeResolution; refundAmount?: string | null; note: string; fourEyesAbove?: string | null }
>;
/** A second administrator approves the open proposal (`proposalId`: the one they saw). */
export type ApproveResolution = Command<'ApproveResolution', { proposalId?: number | null }>;
/** Either administrator rejects (or the proposer withdraws) the open proposal. */
export type RejectResolution = Command<'RejectResolution', { proposalId?: number | null; note: string }>;
export type ClaimDeadlineRefund = PartyCommand<'ClaimDeadlineRefund', Record<string, never>>;
export type RecordRefundPaid = Command<'RecordRefundPaid', { refundId: number; providerReference: string }>;
/** The project's retainage decision reaches this milestone: its retainage goes to the payees, or back to the buyer. */
export type ReleaseRetainage = Command<'ReleaseRetainage', { resolution: 'release' | 'refund'; cause: 'approval' | 'dispute'; refundId: number }>;
export type RecordRetainagePaid = Command<
  'RecordRetainagePaid',
  { payeeId: number; providerReference: string; unconditionalWaiver?: IssuedWaiver | null; payoutAccount?: PaidToAccount | null }
>;
export type RecordRetainageRefundPaid = Command<'RecordRetainageRefundPaid', { refundId: number; providerReference: string }>;
/** A user of the payee company signs the waiver text it read (`waiverHash`) with its own legal name. */
export type SignLienWaiver = Command<
  'SignLienWaiver',
  { payment: WaiverPayment; payeeId: number; kind: WaiverKind; signedName: string; legalName: string; waiverHash: string; waiverName: string }
>;
/** The reminder worker: funds held for a while and someone must act. */
export type RemindOfHeldFunds = Command<'RemindOfHeldFunds', { reason: string; to: ReminderRecipient; companyId: number | null; heldSince: string }>;

export type MilestoneCommand =
  | ProposeMilestone
  | ProposeMilestoneEdit
  | ApproveMilestoneVersion
  | RejectMilestoneVersion
  | RequestDeposit
  | SettleDeposit
  | FailDeposit
  | ClearDeposit
  | ReturnDeposit
  | MarkMilestoneComplete
  | RecordDisbursementPaid
  | OpenDispute
  | RespondToDispute
  | ResolveDispute
  | ApproveResolution
  | RejectResolution
  | ClaimDeadlineRefund
  | RecordRefundPaid
  | ReleaseRetainage
  | RecordRetainagePaid
  | RecordRetainageRefundPaid
  | SignLienWaiver
  | RemindOfHeldFunds
  | AddAttachment
  | RemoveAttachment;
