import type { SiteState } from '../lien-waivers/states';
import type { DepositAgreement, IssuedWaiver } from '../milestones/commands';
import type { AttachedFile, WaiverKind } from '../milestones/events';
import type { Command } from '../shared/command';
import type { ApplicationLineInput, CertificationDecisionInput } from './pay-application.rules';
import type { ScheduleLineInput } from './schedule';

/**
 * What the billing rules know of the project, read when the command is issued (the project's
 * stream): its parties, whether it is submitted, and how it bills. Each only moves one way
 * (parties freeze at submission, the billing method is chosen before), so a lagging reading can
 * only refuse.
 */
export interface BillingProjectFacts {
  status: 'draft' | 'submitted' | 'discarded';
  customerId: number;
  companyId: number | null;
  billing: 'milestones' | 'progress';
  /** The job site's state, fixed at submission: each payout exchanges its lien waivers (absent or null: none). */
  siteState?: SiteState | null;
}

type ProjectCommand<TType extends string, TData> = Command<TType, TData> & { project: BillingProjectFacts };

/** `versionId`: allocated by the handler; `basedOnVersionId`: the version it edits (absent: the current one). */
export type ProposeSchedule = ProjectCommand<
  'ProposeSchedule',
  { jobId: number; versionId: number; basedOnVersionId?: number | null; lines: ScheduleLineInput[] }
>;
export type ApproveSchedule = ProjectCommand<'ApproveSchedule', { versionId: number }>;
export type RejectSchedule = ProjectCommand<'RejectSchedule', { versionId: number; reason?: string | null }>;
/** `companyId`: the certifier's company (the directory's), so the seller's own people are refused. */
export type NameCertifier = ProjectCommand<'NameCertifier', { userId: number; companyId: number | null }>;
export type RemoveCertifier = ProjectCommand<'RemoveCertifier', Record<string, never>>;
/** The buyer invites a certifier by email: `invitationId` and the link's end are the handler's (the address stays out of the stream). */
export type InviteCertifier = ProjectCommand<'InviteCertifier', { invitationId: string; expiresAt: string }>;
/** The invited person (the actor) accepts; `companyId`: their company (the directory's), so the seller's own people are refused. */
export type AcceptCertifierInvitation = ProjectCommand<'AcceptCertifierInvitation', { invitationId: string; companyId: number | null }>;
/** The buyer withdraws a pending certifier invitation: its link then refuses (410 `invitation_revoked`). */
export type RevokeCertifierInvitation = ProjectCommand<'RevokeCertifierInvitation', { invitationId: string }>;
export type SubmitPayApplication = ProjectCommand<'SubmitPayApplication', { periodTo: string; lines: ApplicationLineInput[] }>;
/** Replaces the open application's lines (before certification, or instead of accepting it). */
export type RevisePayApplication = ProjectCommand<
  'RevisePayApplication',
  { applicationNumber: number; periodTo?: string | null; lines: ApplicationLineInput[] }
>;
export type CertifyPayApplication = ProjectCommand<
  'CertifyPayApplication',
  { applicationNumber: number; revision: number; lines: CertificationDecisionInput[] }
>;
export type AcceptCertification = ProjectCommand<'AcceptCertification', { applicationNumber: number; revision: number }>;
/** The provider paid a payout (a payee's share of a funded payment). */
export type RecordBillingPayoutPaid = Command<
  'RecordBillingPayoutPaid',
  { payoutId: number; providerReference: string; unconditionalWaiver?: IssuedWaiver | null }
>;
/** A user of the payee company signs a payout's waiver text it read (`waiverHash`) with its own legal name. */
export type SignBillingLienWaiver = Command<
  'SignBillingLienWaiver',
  { payoutId: number; kind: WaiverKind; signedName: string; legalName: string; waiverHash: string; waiverName: string }
>;
/**
 * The buyer's deposit into the project's escrow balance: `amount` is what escrow is credited
 * (the fee of docs/product.md#fees comes on top); `agreement`: where the escrow agreement's signatures stand.
 */
export type RequestBillingDeposit = ProjectCommand<
  'RequestBillingDeposit',
  { depositId: number; amount: unknown; bankAccountLast4: string | null; agreement: Pick<DepositAgreement, 'customer' | 'company'> }
>;
/** What the payment provider reports of a billing deposit (the same reports as a milestone deposit's). */
export type SettleBillingDeposit = Command<'SettleBillingDeposit', { depositId: number; providerReference: string; clearsAt: string }>;
export type FailBillingDeposit = Command<'FailBillingDeposit', { depositId: number; reason: string }>;
export type ClearBillingDeposit = Command<'ClearBillingDeposit', { depositId: number }>;
export type ReturnBillingDeposit = Command<'ReturnBillingDeposit', { depositId: number; returnCode: string; reason: string }>;
export type ProposeChangeOrder = ProjectCommand<
  'ProposeChangeOrder',
  {
    changeOrderId: number;
    reason: string;
    attachmentIds?: string[];
    changes?: { line: unknown; scheduledValue: unknown }[];
    newLines?: ScheduleLineInput[];
  }
>;
export type ApproveChangeOrder = ProjectCommand<'ApproveChangeOrder', { changeOrderId: number }>;
export type RejectChangeOrder = ProjectCommand<'RejectChangeOrder', { changeOrderId: number; reason?: string | null }>;
/** A party says the work is substantially complete and asks for the retainage held; the other approves. */
export type RequestBillingRetainageRelease = ProjectCommand<'RequestBillingRetainageRelease', Record<string, never>>;
export type ApproveBillingRetainageRelease = ProjectCommand<'ApproveBillingRetainageRelease', Record<string, never>>;
/** A party disputes the retainage (instead of approving a request, or without one); `disputeId`: the handler's. */
export type DisputeBillingRetainage = ProjectCommand<'DisputeBillingRetainage', { disputeId: number; statement: string }>;
/** An administrator resolves the dispute: release to the payees or refund to the buyer; above `fourEyesAbove` only proposed. */
export type ResolveBillingRetainageDispute = ProjectCommand<
  'ResolveBillingRetainageDispute',
  { resolution: unknown; note?: string | null; fourEyesAbove?: string | null }
>;
/** A second administrator approves or rejects the proposal they saw (`proposalId`, absent: the one waiting). */
export type ApproveBillingRetainageResolution = ProjectCommand<'ApproveBillingRetainageResolution', { proposalId?: number | null }>;
export type RejectBillingRetainageResolution = ProjectCommand<'RejectBillingRetainageResolution', { proposalId?: number | null; note?: string | null }>;
/** A file attached to (or removed from) the open retainage dispute: the milestone project's evidence rules, on the billing stream. */
export type AddBillingRetainageEvidence = ProjectCommand<
  'AddBillingRetainageEvidence',
  { attachmentId: string; disputeId: number; file: AttachedFile; maxBytes: number }
>;
export type RemoveBillingRetainageEvidence = ProjectCommand<'RemoveBillingRetainageEvidence', { attachmentId: string }>;
/** The provider paid a retainage refund to the buyer. */
export type RecordBillingRetainageRefundPaid = Command<'RecordBillingRetainageRefundPaid', { refundId: number; providerReference: string }>;

/** The buyer asks for `amount` of the escrow balance's cleared, undrawn funds back. */
export type RequestBillingBalanceReturn = ProjectCommand<'RequestBillingBalanceReturn', { amount: unknown }>;
/** The seller approves or declines a return beyond the surplus (`returnId`). */
export type ApproveBillingBalanceReturn = ProjectCommand<'ApproveBillingBalanceReturn', { returnId: number }>;
export type DeclineBillingBalanceReturn = ProjectCommand<'DeclineBillingBalanceReturn', { returnId: number; reason?: string | null }>;

/** A party uploads a file to the project's billing; `attachmentId` is the handler's, `maxBytes` the setting in force. */
export type AddBillingFile = ProjectCommand<'AddBillingFile', { attachmentId: string; file: AttachedFile; maxBytes: number }>;

/**
 * The held-funds clock mailed the buyer (and the seller's people) about the shortfall `period`
 * reminder periods after application `applicationNumber` was submitted: what the mails said.
 */
export type RemindOfBillingShortfall = Command<'RemindOfBillingShortfall', { applicationNumber: number; period: number; amount: string; depositBy: string }>;

export type BillingCommand =
  | ProposeSchedule
  | ApproveSchedule
  | RejectSchedule
  | NameCertifier
  | RemoveCertifier
  | InviteCertifier
  | AcceptCertifierInvitation
  | RevokeCertifierInvitation
  | SubmitPayApplication
  | RevisePayApplication
  | CertifyPayApplication
  | AcceptCertification
  | RecordBillingPayoutPaid
  | RequestBillingDeposit
  | SettleBillingDeposit
  | FailBillingDeposit
  | ClearBillingDeposit
  | ReturnBillingDeposit
  | ProposeChangeOrder
  | ApproveChangeOrder
  | RejectChangeOrder
  | RequestBillingRetainageRelease
  | ApproveBillingRetainageRelease
  | DisputeBillingRetainage
  | ResolveBillingRetainageDispute
  | ApproveBillingRetainageResolution
  | RejectBillingRetainageResolution
  | RecordBillingRetainageRefundPaid
  | AddBillingRetainageEvidence
  | RemoveBillingRetainageEvidence
  | SignBillingLienWaiver
  | AddBillingFile
  | RemindOfBillingShortfall
  | RequestBillingBalanceReturn
  | ApproveBillingBalanceReturn
  | DeclineBillingBalanceReturn;
