import { Check, Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A linked bank account as its owner's stream left it. Written only by BankAccountsProjector. The
 * holder's name is personal data: readers join the erasable bank_account_holders table for it.
 */
@Entity({ name: 'linked_bank_accounts' })
@Index('linked_bank_accounts_owner_idx', ['ownerKind', 'ownerId'])
@Check('linked_bank_accounts_owner_kind_check', "owner_kind IN ('company', 'user')")
@Check('linked_bank_accounts_purpose_check', "purpose IN ('deposit', 'payout')")
@Check('linked_bank_accounts_status_check', "status IN ('pending_verification', 'verified', 'locked', 'removed')")
export class LinkedBankAccountRow {
  @PrimaryColumn({ name: 'bank_account_id', type: 'integer', primaryKeyConstraintName: 'linked_bank_accounts_pkey' })
  bankAccountId!: number;

  @Column({ name: 'owner_kind', type: 'text' })
  ownerKind!: 'company' | 'user';

  @Column({ name: 'owner_id', type: 'integer' })
  ownerId!: number;

  @Column({ type: 'text' })
  purpose!: 'deposit' | 'payout';

  @Column({ name: 'job_id', type: 'integer', nullable: true })
  jobId!: number | null;

  @Column({ name: 'bank_name', type: 'text', nullable: true })
  bankName!: string | null;

  @Column({ type: 'text' })
  last4!: string;

  @Column({ type: 'text' })
  status!: 'pending_verification' | 'verified' | 'locked' | 'removed';

  @Column({ name: 'tries_left', type: 'integer' })
  triesLeft!: number;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'created_by', type: 'integer' })
  createdBy!: number;
}

/** An owner's chosen accounts and the payout account change still held, if any. Written only by BankAccountsProjector. */
@Entity({ name: 'bank_account_owners' })
@Check('bank_account_owners_owner_kind_check', "owner_kind IN ('company', 'user')")
export class BankAccountOwnerRow {
  @PrimaryColumn({ name: 'owner_kind', type: 'text', primaryKeyConstraintName: 'bank_account_owners_pkey' })
  ownerKind!: 'company' | 'user';

  @PrimaryColumn({ name: 'owner_id', type: 'integer', primaryKeyConstraintName: 'bank_account_owners_pkey' })
  ownerId!: number;

  @Column({ name: 'payout_account_id', type: 'integer', nullable: true })
  payoutAccountId!: number | null;

  @Column({ name: 'deposit_account_id', type: 'integer', nullable: true })
  depositAccountId!: number | null;

  @Column({ name: 'change_to', type: 'integer', nullable: true })
  changeTo!: number | null;

  @Column({ name: 'change_from', type: 'integer', nullable: true })
  changeFrom!: number | null;

  @Column({ name: 'changed_at', type: 'timestamptz', nullable: true })
  changedAt!: Date | null;

  @Column({ name: 'changed_by', type: 'integer', nullable: true })
  changedBy!: number | null;

  /** The request_origins row of the held change: its browser and address are joined at query time, never copied here. */
  @Column({ name: 'change_origin_id', type: 'uuid', nullable: true })
  changeOriginId!: string | null;

  @Column({ name: 'hold_until', type: 'timestamptz', nullable: true })
  holdUntil!: Date | null;
}
