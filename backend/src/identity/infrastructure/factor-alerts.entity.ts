import { Check, Column, Entity, ForeignKey, Index, PrimaryColumn } from 'typeorm';

import { UserEntity } from './user.entity';

/**
 * A "this wasn't me" link mailed when a second factor was added (issue 35): only its hash is
 * stored; it names the exact factor (a passkey by id, the authenticator app or a set of recovery
 * codes by when it was added), works once, and expires.
 */
@Entity({ name: 'factor_alerts' })
@Index('factor_alerts_user_idx', ['userId'])
@Check('factor_alerts_factor_check', "factor IN ('passkey', 'totp', 'recovery_codes')")
export class FactorAlertEntity {
  @PrimaryColumn({ name: 'code_hash', type: 'bytea', primaryKeyConstraintName: 'factor_alerts_pkey' })
  codeHash!: Buffer;

  @Column({ name: 'user_id', type: 'integer' })
  @ForeignKey(() => UserEntity, { name: 'factor_alerts_user_id_fkey', onDelete: 'CASCADE' })
  userId!: number;

  @Column({ type: 'text' })
  factor!: 'passkey' | 'totp' | 'recovery_codes';

  @Column({ name: 'passkey_id', type: 'integer', nullable: true })
  passkeyId!: number | null;

  /** The passkey's name when it was added (the link's page names it even after a rename). */
  @Column({ name: 'factor_name', type: 'text', nullable: true })
  factorName!: string | null;

  /** When the factor was added, as stored with it: tells this authenticator app or set of codes from a later one. */
  @Column({ name: 'factor_at', type: 'timestamptz' })
  factorAt!: Date;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  usedAt!: Date | null;
}

/** A user who must choose a new password before any login (a "this wasn't me" link was used); a reset removes the row. */
@Entity({ name: 'password_resets_required' })
export class PasswordResetRequiredEntity {
  @PrimaryColumn({ name: 'user_id', type: 'integer', primaryKeyConstraintName: 'password_resets_required_pkey' })
  @ForeignKey(() => UserEntity, { name: 'password_resets_required_user_id_fkey', onDelete: 'CASCADE' })
  userId!: number;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  since!: Date;
}
