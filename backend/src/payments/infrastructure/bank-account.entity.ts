import { Check, Column, Entity, ForeignKey, Index, PrimaryGeneratedColumn } from 'typeorm';

/** A linked bank account: only the last four digits and the provider's token, never the number. */
@Entity({ name: 'bank_accounts' })
@Index('bank_accounts_user_idx', ['userId', 'jobId'])
@Index('bank_accounts_company_idx', ['companyId'])
@Index('bank_accounts_idempotency_idx', ['createdBy', 'idempotencyKey'], { unique: true, where: 'idempotency_key IS NOT NULL' })
@Check('bank_accounts_purpose_check', "purpose IN ('deposit', 'payout')")
@Check('bank_accounts_last4_check', "last4 ~ '^[0-9]{4}$'")
@Check('bank_accounts_check', "(purpose = 'deposit' AND user_id IS NOT NULL) OR (purpose = 'payout' AND company_id IS NOT NULL)")
export class BankAccountEntity {
  @PrimaryGeneratedColumn('identity', {
    name: 'bank_account_id',
    type: 'integer',
    generatedIdentity: 'BY DEFAULT',
    primaryKeyConstraintName: 'bank_accounts_pkey',
  })
  bankAccountId!: number;

  @Column({ type: 'text' })
  purpose!: 'deposit' | 'payout';

  /** The buyer's own deposit account (identity's table, named rather than imported). */
  @Column({ name: 'user_id', type: 'integer', nullable: true })
  @ForeignKey('users', { name: 'bank_accounts_user_id_fkey', onDelete: 'CASCADE' })
  userId!: number | null;

  /** The seller's payout account (the directory's table, named rather than imported). */
  @Column({ name: 'company_id', type: 'integer', nullable: true })
  @ForeignKey('companies', { name: 'bank_accounts_company_id_fkey', onDelete: 'CASCADE' })
  companyId!: number | null;

  @Column({ name: 'job_id', type: 'integer', nullable: true })
  jobId!: number | null;

  @Column({ name: 'holder_name', type: 'text' })
  holderName!: string;

  @Column({ name: 'bank_name', type: 'text', nullable: true })
  bankName!: string | null;

  @Column({ type: 'char', length: 4 })
  last4!: string;

  @Column({ name: 'provider_token', type: 'text' })
  providerToken!: string;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'created_by', type: 'integer', nullable: true })
  createdBy!: number | null;

  @Column({ name: 'idempotency_key', type: 'text', nullable: true })
  idempotencyKey!: string | null;
}
