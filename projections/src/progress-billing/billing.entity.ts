import { Column, Entity, PrimaryColumn } from 'typeorm';

import { MONEY } from '../shared/entity-columns';

/**
 * Read models of the progress-billing streams (`billing-<jobId>`), written only by
 * BillingProjector (bulk SQL). Natural keys and no foreign keys, so a rebuild can copy the
 * tables with LIKE.
 */
@Entity({ name: 'billing_schedules' })
class BillingScheduleRow {
  @PrimaryColumn({ name: 'job_id', type: 'integer', primaryKeyConstraintName: 'billing_schedules_pkey' })
  jobId!: number;

  /** The folded domain state (BillingState): the read side answers with the deciders' own figures. */
  @Column({ type: 'jsonb' })
  state!: unknown;

  @Column({ name: 'current_version_id', type: 'integer', nullable: true })
  currentVersionId!: number | null;

  /** G702 line 3 now (null before a schedule is approved). */
  @Column({ name: 'contract_sum', ...MONEY, nullable: true })
  contractSum!: string | null;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}

@Entity({ name: 'pay_applications' })
class PayApplicationRow {
  @PrimaryColumn({ name: 'job_id', type: 'integer', primaryKeyConstraintName: 'pay_applications_pkey' })
  jobId!: number;

  @PrimaryColumn({ name: 'application_number', type: 'integer', primaryKeyConstraintName: 'pay_applications_pkey' })
  applicationNumber!: number;

  @Column({ type: 'integer' })
  revision!: number;

  @Column({ name: 'period_to', type: 'text' })
  periodTo!: string;

  /** submitted, certified or accepted. */
  @Column({ type: 'text' })
  status!: string;

  /** G702 line 8: as certified once certified, else as billed. */
  @Column({ name: 'current_payment_due', ...MONEY })
  currentPaymentDue!: string;

  /** G702 line 5. */
  @Column({ name: 'total_retainage', ...MONEY })
  totalRetainage!: string;

  @Column({ name: 'submitted_at', type: 'timestamptz' })
  submittedAt!: Date;

  @Column({ name: 'certified_at', type: 'timestamptz', nullable: true })
  certifiedAt!: Date | null;

  @Column({ name: 'accepted_at', type: 'timestamptz', nullable: true })
  acceptedAt!: Date | null;

  /** G702 line 4's growth as billed: the work and stored materials the period bills. */
  @Column({ name: 'billed_this_period', ...MONEY })
  billedThisPeriod!: string;

  /** The same as certified (null until certified). */
  @Column({ name: 'certified_this_period', ...MONEY, nullable: true })
  certifiedThisPeriod!: string | null;
}

/** One G703 row of a pay application (every line of the schedule it was billed against). */
@Entity({ name: 'pay_application_lines' })
class PayApplicationLineRow {
  @PrimaryColumn({ name: 'job_id', type: 'integer', primaryKeyConstraintName: 'pay_application_lines_pkey' })
  jobId!: number;

  @PrimaryColumn({ name: 'application_number', type: 'integer', primaryKeyConstraintName: 'pay_application_lines_pkey' })
  applicationNumber!: number;

  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'pay_application_lines_pkey' })
  line!: string;

  @Column({ name: 'payee_id', type: 'integer' })
  payeeId!: number;

  @Column({ name: 'scheduled_value', ...MONEY })
  scheduledValue!: string;

  @Column({ ...MONEY })
  previous!: string;

  @Column({ name: 'this_period', ...MONEY })
  thisPeriod!: string;

  @Column({ name: 'stored_materials', ...MONEY })
  storedMaterials!: string;

  @Column({ name: 'completed_and_stored', ...MONEY })
  completedAndStored!: string;

  @Column({ ...MONEY })
  retainage!: string;

  @Column({ name: 'current_payment_due', ...MONEY })
  currentPaymentDue!: string;

  /** as_billed, reduced or refused; null until certified or when the line was not billed. */
  @Column({ type: 'text', nullable: true })
  decision!: string | null;
}

export const billingEntities = [BillingScheduleRow, PayApplicationRow, PayApplicationLineRow];
