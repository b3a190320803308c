import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

import { MONEY, POSITION } from '../shared/entity-columns';

/** One double-entry posting; the rows of one event sum to zero. Written only by LedgerProjector. */
@Entity({ name: 'ledger_entries' })
@Index('ledger_entries_order_idx', ['commitPosition', 'preparePosition', 'line'])
@Index('ledger_entries_milestone_idx', ['originalId'])
@Index('ledger_entries_job_idx', ['jobId'])
@Index('ledger_entries_account_idx', ['account', 'occurredAt'])
export class LedgerEntryRow {
  @PrimaryColumn({ name: 'event_id', type: 'uuid', primaryKeyConstraintName: 'ledger_entries_pkey' })
  eventId!: string;

  @PrimaryColumn({ type: 'smallint', primaryKeyConstraintName: 'ledger_entries_pkey' })
  line!: number;

  @Column({ type: 'text' })
  position!: string;

  @Column({ name: 'commit_position', ...POSITION })
  commitPosition!: string;

  @Column({ name: 'prepare_position', ...POSITION })
  preparePosition!: string;

  @Column({ name: 'job_id', type: 'integer' })
  jobId!: number;

  @Column({ name: 'original_id', type: 'integer' })
  originalId!: number;

  @Column({ type: 'text' })
  account!: string;

  @Column({ name: 'company_id', type: 'integer', nullable: true })
  companyId!: number | null;

  @Column({ ...MONEY })
  amount!: string;

  @Column({ name: 'event_type', type: 'text' })
  eventType!: string;

  @Column({ name: 'occurred_at', type: 'timestamptz' })
  occurredAt!: Date;

  /** The account a payout went to, masked ("Canyon Bank ••••6789"), on the postings of DisbursementPaid and RetainagePaid. */
  @Column({ name: 'paid_to', type: 'text', nullable: true })
  paidTo!: string | null;

  /** Who caused it: the event's actor (null for the system and the payment provider). */
  @Column({ name: 'actor_id', type: 'integer', nullable: true })
  actorId!: number | null;

  /** Their role in their company then (issue 37); null for others and before roles. */
  @Column({ name: 'actor_company_role', type: 'text', nullable: true })
  actorCompanyRole!: string | null;
}
