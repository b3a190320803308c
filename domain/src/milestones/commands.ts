import type { Command } from '../shared/command';
import type { PayeeInput } from '../money/fees';
import type { DisputeResolution } from './events';

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

export type ProposeMilestone = Command<
  'ProposeMilestone',
  MilestoneContent & { originalId: number; jobId: number; customerId: number; companyId: number }
>;
export type ProposeMilestoneEdit = Command<'ProposeMilestoneEdit', MilestoneContent & { versionId: number; basedOnVersionId: number }>;
export type ApproveMilestoneVersion = Command<'ApproveMilestoneVersion', { versionId: number }>;
export type RejectMilestoneVersion = Command<'RejectMilestoneVersion', { versionId: number; reason?: string | null }>;
export type RequestDeposit = Command<'RequestDeposit', { depositId: number; bankAccountLast4: string | null }>;
export type SettleDeposit = Command<'SettleDeposit', { depositId: number; providerReference: string; responseDays: number }>;
export type FailDeposit = Command<'FailDeposit', { depositId: number; reason: string }>;
export type MarkMilestoneComplete = Command<'MarkMilestoneComplete', { complete: boolean }>;
export type RecordDisbursementPaid = Command<'RecordDisbursementPaid', { disbursementId: number; providerReference: string }>;
export type OpenDispute = Command<'OpenDispute', { disputeId: number; statement: string }>;
export type RespondToDispute = Command<'RespondToDispute', { statement: string }>;
export type ResolveDispute = Command<'ResolveDispute', { resolution: DisputeResolution; refundAmount?: string | null; note: string }>;
export type ClaimDeadlineRefund = Command<'ClaimDeadlineRefund', Record<string, never>>;
export type RecordRefundPaid = Command<'RecordRefundPaid', { refundId: number; providerReference: string }>;

export type MilestoneCommand =
  | ProposeMilestone
  | ProposeMilestoneEdit
  | ApproveMilestoneVersion
  | RejectMilestoneVersion
  | RequestDeposit
  | SettleDeposit
  | FailDeposit
  | MarkMilestoneComplete
  | RecordDisbursementPaid
  | OpenDispute
  | RespondToDispute
  | ResolveDispute
  | ClaimDeadlineRefund
  | RecordRefundPaid;
