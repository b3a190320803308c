import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** Read model of a project (job): one row per project stream. Written only by ProjectsProjector (named `jobs`, as stored). */
@Entity({ name: 'jobs' })
@Index('jobs_customer_idx', ['customerId'])
@Index('jobs_primary_company_idx', ['primaryCompanyId'])
export class JobRow {
  @PrimaryColumn({ name: 'job_id', type: 'integer', primaryKeyConstraintName: 'jobs_pkey' })
  jobId!: number;

  @Column({ name: 'customer_id', type: 'integer' })
  customerId!: number;

  @Column({ name: 'primary_company_id', type: 'integer', nullable: true })
  primaryCompanyId!: number | null;

  @Column({ type: 'text' })
  service!: string;

  @Column({ name: 'customer_initiated', type: 'boolean' })
  customerInitiated!: boolean;

  @Column({ name: 'is_draft', type: 'boolean', default: true })
  isDraft!: boolean;

  @Column({ name: 'created_by', type: 'integer' })
  createdBy!: number;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;

  /** The project's folded domain state (ProjectState). */
  @Column({ type: 'jsonb', default: {} })
  state!: unknown;

  @Column({ name: 'submitted_at', type: 'timestamptz', nullable: true })
  submittedAt!: Date | null;

  @Column({ name: 'customer_signed_at', type: 'timestamptz', nullable: true })
  customerSignedAt!: Date | null;

  @Column({ name: 'company_signed_at', type: 'timestamptz', nullable: true })
  companySignedAt!: Date | null;

  @Column({ name: 'discarded_at', type: 'timestamptz', nullable: true })
  discardedAt!: Date | null;

  @Column({ name: 'retainage_percent', type: 'numeric', precision: 5, scale: 2, default: 0 })
  retainagePercent!: string;

  @Column({ name: 'site_state', type: 'text', nullable: true })
  siteState!: string | null;
}
