import { Check, Column, Entity, ForeignKey, Index, PrimaryColumn } from 'typeorm';

/**
 * The name on a linked bank account: personal data, so never in its events (docs/design.md#no-personal-data-in-events). Written
 * by the link request before its events; erased with the buyer (deposit account) or the company
 * (payout account) it belongs to.
 */
@Entity({ name: 'bank_account_holders' })
@Index('bank_account_holders_user_idx', ['userId'])
@Index('bank_account_holders_company_idx', ['companyId'])
@Check('bank_account_holders_owner_check', '(user_id IS NULL) <> (company_id IS NULL)')
export class BankAccountHolderEntity {
  @PrimaryColumn({ name: 'bank_account_id', type: 'integer', primaryKeyConstraintName: 'bank_account_holders_pkey' })
  bankAccountId!: number;

  @Column({ name: 'holder_name', type: 'text' })
  holderName!: string;

  /** The buyer's own deposit account (identity's table, named rather than imported). */
  @Column({ name: 'user_id', type: 'integer', nullable: true })
  @ForeignKey('users', { name: 'bank_account_holders_user_id_fkey', onDelete: 'CASCADE' })
  userId!: number | null;

  /** A company's payout account (the directory's table, named rather than imported). */
  @Column({ name: 'company_id', type: 'integer', nullable: true })
  @ForeignKey('companies', { name: 'bank_account_holders_company_id_fkey', onDelete: 'CASCADE' })
  companyId!: number | null;
}

/**
 * Where a request that changed bank accounts came from: the address and the browser's user agent,
 * personal data the events refer to by `originId` only (docs/design.md#no-personal-data-in-events). Erased with the user who made
 * the request; an event whose origin is gone reads as "an unknown browser".
 */
@Entity({ name: 'request_origins' })
@Index('request_origins_user_idx', ['userId'])
export class RequestOriginEntity {
  @PrimaryColumn({ name: 'origin_id', type: 'uuid', primaryKeyConstraintName: 'request_origins_pkey' })
  originId!: string;

  /** Who made the request; null: no person (an import, the seed). */
  @Column({ name: 'user_id', type: 'integer', nullable: true })
  @ForeignKey('users', { name: 'request_origins_user_id_fkey', onDelete: 'CASCADE' })
  userId!: number | null;

  @Column({ type: 'text', nullable: true })
  ip!: string | null;

  @Column({ name: 'user_agent', type: 'text', nullable: true })
  userAgent!: string | null;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  at!: Date;
}
