import { Check, Column, Entity, Index, PrimaryColumn } from 'typeorm';

import { MONEY } from '../shared/entity-columns';

/**
 * What the payment provider must do, derived from events (rebuildable), keyed by the id of the
 * event that asked for it. Written only by PaymentInstructionsProjector.
 */
@Entity({ name: 'payment_instructions' })
@Index('payment_instructions_open_idx', ['createdAt'], { where: "status = 'open'" })
@Index('payment_instructions_clearing_idx', ['clearsAt'], { where: "status = 'settled'" })
@Index('payment_instructions_reference_idx', ['originalId', 'kind', 'referenceId'])
@Check(
  'payment_instructions_kind_check',
  "kind IN ('debit', 'payout', 'refund', 'retainage', 'retainage_refund', 'progress_debit', 'progress_payment', 'progress_refund')",
)
@Check('payment_instructions_status_check', "status IN ('open', 'awaiting_waiver', 'settled', 'completed', 'failed', 'returned')")
export class PaymentInstructionRow {
  @PrimaryColumn({ name: 'instruction_key', type: 'text', primaryKeyConstraintName: 'payment_instructions_pkey' })
  instructionKey!: string;

  @Column({ type: 'text' })
  kind!: 'debit' | 'payout' | 'refund' | 'retainage' | 'retainage_refund';

  @Column({ name: 'reference_id', type: 'integer' })
  referenceId!: number;

  @Column({ name: 'original_id', type: 'integer' })
  originalId!: number;

  @Column({ name: 'job_id', type: 'integer' })
  jobId!: number;

  @Column({ name: 'company_id', type: 'integer', nullable: true })
  companyId!: number | null;

  @Column({ ...MONEY })
  amount!: string;

  @Column({ name: 'bank_last4', type: 'text', nullable: true })
  bankLast4!: string | null;

  @Column({ type: 'text' })
  status!: 'open' | 'awaiting_waiver' | 'settled' | 'completed' | 'failed' | 'returned';

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'completed_at', type: 'timestamptz', nullable: true })
  completedAt!: Date | null;

  @Column({ name: 'clears_at', type: 'timestamptz', nullable: true })
  clearsAt!: Date | null;

  /** The correlation id of the event that asked for the payment (the request behind it). */
  @Column({ name: 'correlation_id', type: 'text', nullable: true })
  correlationId!: string | null;
}
