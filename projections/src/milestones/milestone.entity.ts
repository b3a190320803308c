import { Check, Column, Entity, Index, PrimaryColumn } from 'typeorm';

import { MONEY } from '../shared/entity-columns';

/**
 * Read models of the milestone streams, written only by MilestonesProjector (bulk SQL). Natural
 * keys and no foreign keys, so a rebuild can copy the tables with LIKE.
 */
@Entity({ name: 'milestones' })
@Index('milestones_job_idx', ['jobId', 'position', 'originalId'])
@Index('milestones_status_idx', ['status'])
@Check('milestones_held_check', 'held >= 0')
@Check('milestones_retainage_held_check', 'retainage_held >= 0')
@Index('milestones_held_since_idx', ['heldSince'], { where: 'held_since IS NOT NULL' })
class MilestoneRow {
  @PrimaryColumn({ name: 'original_id', type: 'integer', primaryKeyConstraintName: 'milestones_pkey' })
  originalId!: number;

  @Column({ name: 'job_id', type: 'integer' })
  jobId!: number;

  /** The folded domain state (MilestoneState): the read side answers with the deciders' rules. */
  @Column({ type: 'jsonb' })
  state!: unknown;

  @Column({ type: 'text' })
  status!: string;

  @Column({ name: 'current_m_id', type: 'integer', nullable: true })
  currentMId!: number | null;

  @Column({ name: 'head_m_id', type: 'integer' })
  headMId!: number;

  @Column({ type: 'integer' })
  position!: number;

  @Column({ type: 'text' })
  title!: string;

  @Column({ type: 'boolean' })
  locked!: boolean;

  @Column({ name: 'deposit_total', ...MONEY })
  depositTotal!: string;

  @Column({ name: 'deposit_sum', ...MONEY })
  depositSum!: string;

  @Column({ name: 'deposit_pending', ...MONEY })
  depositPending!: string;

  @Column({ ...MONEY })
  disbursed!: string;

  @Column({ name: 'paid_out', ...MONEY })
  paidOut!: string;

  @Column({ ...MONEY })
  fees!: string;

  @Column({ ...MONEY })
  refunded!: string;

  @Column({ ...MONEY })
  held!: string;

  @Column({ name: 'customer_completed', type: 'boolean' })
  customerCompleted!: boolean;

  @Column({ name: 'company_completed', type: 'boolean' })
  companyCompleted!: boolean;

  @Column({ name: 'response_deadline', type: 'timestamptz', nullable: true })
  responseDeadline!: Date | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'agreed_at', type: 'timestamptz', nullable: true })
  agreedAt!: Date | null;

  @Column({ name: 'funded_at', type: 'timestamptz', nullable: true })
  fundedAt!: Date | null;

  @Column({ name: 'completed_at', type: 'timestamptz', nullable: true })
  completedAt!: Date | null;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;

  // Retainage, lien waivers and the clock on held funds (issue 17).
  @Column({ name: 'retainage_held', ...MONEY, default: 0 })
  retainageHeld!: string;

  @Column({ name: 'in_custody', ...MONEY, default: 0 })
  inCustody!: string;

  @Column({ name: 'held_since', type: 'timestamptz', nullable: true })
  heldSince!: Date | null;

  @Column({ name: 'next_date', type: 'timestamptz', nullable: true })
  nextDate!: Date | null;

  @Column({ name: 'next_date_kind', type: 'text', nullable: true })
  nextDateKind!: string | null;

  @Column({ name: 'must_act', type: 'jsonb', default: () => "'[]'" })
  mustAct!: unknown;

  @Column({ name: 'waivers_missing', type: 'integer', default: 0 })
  waiversMissing!: number;
}

/** One version of a milestone (the original or a proposed edit). */
@Entity({ name: 'milestone_versions' })
@Index('milestone_versions_original_idx', ['originalId', 'mId'])
class MilestoneVersionRow {
  @PrimaryColumn({ name: 'm_id', type: 'integer', primaryKeyConstraintName: 'milestone_versions_pkey' })
  mId!: number;

  @Column({ name: 'original_id', type: 'integer' })
  originalId!: number;

  @Column({ name: 'job_id', type: 'integer' })
  jobId!: number;

  @Column({ name: 'is_original', type: 'boolean' })
  isOriginal!: boolean;

  @Column({ type: 'text' })
  title!: string;

  @Column({ type: 'text' })
  definition!: string;

  @Column({ type: 'integer' })
  position!: number;

  @Column({ name: 'author_id', type: 'integer' })
  authorId!: number;

  @Column({ name: 'author_party', type: 'text' })
  authorParty!: string;

  /** The author's company role when proposing it (issue 37); null for a buyer or before roles. */
  @Column({ name: 'author_company_role', type: 'text', nullable: true })
  authorCompanyRole!: string | null;

  @Column({ type: 'text' })
  status!: string;

  @Column({ name: 'customer_approval', type: 'text' })
  customerApproval!: string;

  @Column({ name: 'company_approval', type: 'text' })
  companyApproval!: string;

  @Column({ ...MONEY })
  amount!: string;

  @Column({ name: 'fee_total', ...MONEY })
  feeTotal!: string;

  @Column({ name: 'deposit_total', ...MONEY })
  depositTotal!: string;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'agreed_at', type: 'timestamptz', nullable: true })
  agreedAt!: Date | null;
}

/** A company paid from a milestone version (the seller or a subcontractor). */
@Entity({ name: 'milestone_payees' })
@Index('milestone_payees_version_idx', ['mId'])
@Index('milestone_payees_original_idx', ['originalId'])
@Index('milestone_payees_company_idx', ['companyId'])
class MilestonePayeeRow {
  @PrimaryColumn({ name: 'mp_id', type: 'integer', primaryKeyConstraintName: 'milestone_payees_pkey' })
  mpId!: number;

  @Column({ name: 'm_id', type: 'integer' })
  mId!: number;

  @Column({ name: 'original_id', type: 'integer' })
  originalId!: number;

  @Column({ name: 'job_id', type: 'integer' })
  jobId!: number;

  @Column({ name: 'company_id', type: 'integer' })
  companyId!: number;

  @Column({ type: 'text' })
  type!: string;

  /** A share like "0.250000", read as text. */
  @Column({ name: 'percent_decimal', type: 'numeric', precision: 7, scale: 6, nullable: true })
  percentDecimal!: string | null;

  @Column({ ...MONEY })
  amount!: string;

  @Column({ name: 'include_fee', type: 'boolean' })
  includeFee!: boolean;

  @Column({ ...MONEY })
  fee!: string;

  @Column({ ...MONEY })
  net!: string;

  @Column({ name: 'buyer_owes', ...MONEY })
  buyerOwes!: string;

  @Column({ ...MONEY, default: 0 })
  retainage!: string;
}

/** A deposit asked of the buyer for a milestone. */
@Entity({ name: 'milestone_deposits' })
@Index('milestone_deposits_original_idx', ['originalId'])
@Index('milestone_deposits_created_idx', ['createdAt'])
class MilestoneDepositRow {
  @PrimaryColumn({ name: 'md_id', type: 'integer', primaryKeyConstraintName: 'milestone_deposits_pkey' })
  mdId!: number;

  @Column({ name: 'original_id', type: 'integer' })
  originalId!: number;

  @Column({ name: 'm_id', type: 'integer' })
  mId!: number;

  @Column({ name: 'job_id', type: 'integer' })
  jobId!: number;

  @Column({ ...MONEY })
  amount!: string;

  @Column({ type: 'text' })
  status!: string;

  @Column({ name: 'requested_by', type: 'integer' })
  requestedBy!: number;

  @Column({ name: 'bank_last4', type: 'text', nullable: true })
  bankLast4!: string | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'settled_at', type: 'timestamptz', nullable: true })
  settledAt!: Date | null;

  @Column({ name: 'failure_reason', type: 'text', nullable: true })
  failureReason!: string | null;
}

/** Money released to a payee. */
@Entity({ name: 'milestone_disbursements' })
@Index('milestone_disbursements_original_idx', ['originalId'])
@Index('milestone_disbursements_company_idx', ['companyId'])
class MilestoneDisbursementRow {
  @PrimaryColumn({ name: 'disbursement_id', type: 'integer', primaryKeyConstraintName: 'milestone_disbursements_pkey' })
  disbursementId!: number;

  @Column({ name: 'original_id', type: 'integer' })
  originalId!: number;

  @Column({ name: 'job_id', type: 'integer' })
  jobId!: number;

  @Column({ name: 'mp_id', type: 'integer' })
  mpId!: number;

  @Column({ name: 'company_id', type: 'integer' })
  companyId!: number;

  @Column({ ...MONEY })
  amount!: string;

  @Column({ ...MONEY })
  fee!: string;

  @Column({ type: 'text' })
  status!: string;

  @Column({ type: 'text' })
  cause!: string;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'paid_at', type: 'timestamptz', nullable: true })
  paidAt!: Date | null;

  @Column({ ...MONEY, default: 0 })
  retainage!: string;
}

/** Money given back to the buyer. */
@Entity({ name: 'milestone_refunds' })
class MilestoneRefundRow {
  @PrimaryColumn({ name: 'refund_id', type: 'integer', primaryKeyConstraintName: 'milestone_refunds_pkey' })
  refundId!: number;

  @Column({ name: 'original_id', type: 'integer' })
  originalId!: number;

  @Column({ name: 'job_id', type: 'integer' })
  jobId!: number;

  @Column({ ...MONEY })
  amount!: string;

  @Column({ type: 'text' })
  reason!: string;

  @Column({ type: 'text' })
  status!: string;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'paid_at', type: 'timestamptz', nullable: true })
  paidAt!: Date | null;
}

/** A dispute over a milestone, its answer and its resolution. */
@Entity({ name: 'milestone_disputes' })
@Index('milestone_disputes_status_idx', ['status', 'openedAt'])
class MilestoneDisputeRow {
  @PrimaryColumn({ name: 'dispute_id', type: 'integer', primaryKeyConstraintName: 'milestone_disputes_pkey' })
  disputeId!: number;

  @Column({ name: 'original_id', type: 'integer' })
  originalId!: number;

  @Column({ name: 'job_id', type: 'integer' })
  jobId!: number;

  @Column({ name: 'opened_by', type: 'integer' })
  openedBy!: number;

  @Column({ name: 'opened_party', type: 'text' })
  openedParty!: string;

  @Column({ type: 'text' })
  statement!: string;

  @Column({ name: 'opened_at', type: 'timestamptz' })
  openedAt!: Date;

  @Column({ name: 'response_by', type: 'integer', nullable: true })
  responseBy!: number | null;

  @Column({ type: 'text', nullable: true })
  response!: string | null;

  @Column({ name: 'responded_at', type: 'timestamptz', nullable: true })
  respondedAt!: Date | null;

  @Column({ type: 'text' })
  status!: string;

  @Column({ type: 'text', nullable: true })
  resolution!: string | null;

  @Column({ name: 'release_amount', ...MONEY, nullable: true })
  releaseAmount!: string | null;

  @Column({ name: 'refund_amount', ...MONEY, nullable: true })
  refundAmount!: string | null;

  @Column({ type: 'text', nullable: true })
  note!: string | null;

  @Column({ name: 'resolved_by', type: 'integer', nullable: true })
  resolvedBy!: number | null;

  @Column({ name: 'resolved_at', type: 'timestamptz', nullable: true })
  resolvedAt!: Date | null;
}

/** Each payee's retainage of a milestone: withheld, released or refunded, still held. */
@Entity({ name: 'milestone_retainage' })
@Index('milestone_retainage_job_idx', ['jobId'])
@Check('milestone_retainage_held_check', 'held >= 0')
class MilestoneRetainageRow {
  @PrimaryColumn({ name: 'original_id', type: 'integer', primaryKeyConstraintName: 'milestone_retainage_pkey' })
  originalId!: number;

  @PrimaryColumn({ name: 'mp_id', type: 'integer', primaryKeyConstraintName: 'milestone_retainage_pkey' })
  mpId!: number;

  @Column({ name: 'job_id', type: 'integer' })
  jobId!: number;

  @Column({ name: 'company_id', type: 'integer' })
  companyId!: number;

  @Column({ ...MONEY })
  withheld!: string;

  @Column({ ...MONEY })
  released!: string;

  @Column({ ...MONEY })
  refunded!: string;

  @Column({ ...MONEY })
  held!: string;

  @Column({ name: 'release_status', type: 'text', nullable: true })
  releaseStatus!: string | null;

  @Column({ name: 'released_at', type: 'timestamptz', nullable: true })
  releasedAt!: Date | null;

  @Column({ name: 'paid_at', type: 'timestamptz', nullable: true })
  paidAt!: Date | null;
}

/** Every lien waiver the payments of a milestone call for, and whether it was signed or issued. */
@Entity({ name: 'milestone_waivers' })
@Index('milestone_waivers_status_idx', ['status', 'dueSince'])
@Index('milestone_waivers_company_idx', ['companyId', 'status'])
@Index('milestone_waivers_job_idx', ['jobId'])
@Check('milestone_waivers_status_check', "status IN ('missing', 'signed', 'issued')")
class MilestoneWaiverRow {
  @PrimaryColumn({ name: 'original_id', type: 'integer', primaryKeyConstraintName: 'milestone_waivers_pkey' })
  originalId!: number;

  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'milestone_waivers_pkey' })
  payment!: string;

  @PrimaryColumn({ name: 'mp_id', type: 'integer', primaryKeyConstraintName: 'milestone_waivers_pkey' })
  mpId!: number;

  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'milestone_waivers_pkey' })
  kind!: string;

  @Column({ name: 'job_id', type: 'integer' })
  jobId!: number;

  @Column({ name: 'company_id', type: 'integer' })
  companyId!: number;

  @Column({ ...MONEY })
  amount!: string;

  @Column({ name: 'site_state', type: 'text' })
  siteState!: string;

  @Column({ type: 'text' })
  status!: 'missing' | 'signed' | 'issued';

  @Column({ name: 'due_since', type: 'timestamptz' })
  dueSince!: Date;

  @Column({ name: 'waiver_name', type: 'text', nullable: true })
  waiverName!: string | null;

  @Column({ name: 'waiver_hash', type: 'text', nullable: true })
  waiverHash!: string | null;

  @Column({ name: 'signed_by', type: 'integer', nullable: true })
  signedBy!: number | null;

  @Column({ name: 'signed_at', type: 'timestamptz', nullable: true })
  signedAt!: Date | null;
}

export const milestoneEntities = [
  MilestoneRow,
  MilestoneVersionRow,
  MilestonePayeeRow,
  MilestoneDepositRow,
  MilestoneDisbursementRow,
  MilestoneRefundRow,
  MilestoneDisputeRow,
  MilestoneRetainageRow,
  MilestoneWaiverRow,
];
