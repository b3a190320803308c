import { MONEY } from '@escrow/projections';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * Which payment instructions were handed to the provider. Not a read model: a rebuild must never
 * make us debit or pay twice, so this table is the dispatcher's alone.
 */
@Entity({ name: 'payment_submissions' })
export class PaymentSubmissionEntity {
  @PrimaryColumn({ name: 'instruction_key', type: 'text', primaryKeyConstraintName: 'payment_submissions_pkey' })
  instructionKey!: string;

  @Column({ name: 'submitted_at', type: 'timestamptz', default: () => 'now()' })
  submittedAt!: Date;

  @Column({ name: 'provider_reference', type: 'text', nullable: true })
  providerReference!: string | null;

  /** The payout account a payout was claimed for (null: a debit or refund, or claimed before payouts named their account). */
  @Column({ name: 'payout_bank_account_id', type: 'integer', nullable: true })
  payoutBankAccountId!: number | null;

  @Column({ name: 'payout_last4', type: 'text', nullable: true })
  payoutLast4!: string | null;

  @Column({ name: 'payout_bank_name', type: 'text', nullable: true })
  payoutBankName!: string | null;

  @Column({ name: 'payout_provider_token', type: 'text', nullable: true })
  payoutProviderToken!: string | null;
}

/** The sandbox provider's own record of what it was handed (a live provider keeps this on its side). */
@Entity({ name: 'sandbox_ach_submissions' })
export class SandboxAchSubmissionEntity {
  @PrimaryColumn({ name: 'instruction_key', type: 'text', primaryKeyConstraintName: 'sandbox_ach_submissions_pkey' })
  instructionKey!: string;

  @Column({ type: 'text' })
  kind!: string;

  @Column({ ...MONEY })
  amount!: string;

  @Column({ name: 'provider_reference', type: 'text' })
  providerReference!: string;

  @Column({ name: 'submit_count', type: 'integer', default: 1 })
  submitCount!: number;

  @Column({ name: 'submitted_at', type: 'timestamptz', default: () => 'now()' })
  submittedAt!: Date;
}
