import { Check, Column, Entity, ForeignKey, Index, PrimaryColumn } from 'typeorm';

import { UserEntity } from './user.entity';

/** A single-use code behind a reset or invitation link; only its hash is stored. */
@Entity({ name: 'one_time_codes' })
@Index('one_time_codes_user_idx', ['userId', 'purpose'])
@Check('one_time_codes_purpose_check', "purpose IN ('password_reset', 'invitation', 'email_verification', 'email_change')")
export class OneTimeCodeEntity {
  @PrimaryColumn({ name: 'code_hash', type: 'bytea', primaryKeyConstraintName: 'one_time_codes_pkey' })
  codeHash!: Buffer;

  @Column({ type: 'text' })
  purpose!: 'password_reset' | 'invitation' | 'email_verification' | 'email_change';

  @Column({ name: 'user_id', type: 'integer' })
  @ForeignKey(() => UserEntity, { name: 'one_time_codes_user_id_fkey', onDelete: 'CASCADE' })
  userId!: number;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  usedAt!: Date | null;

  /** For an email change: the address the link confirms. */
  @Column({ name: 'new_email', type: 'text', nullable: true })
  newEmail!: string | null;
}
