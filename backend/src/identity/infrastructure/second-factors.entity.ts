import { Check, Column, Entity, ForeignKey, Index, PrimaryColumn, PrimaryGeneratedColumn, Unique } from 'typeorm';

import { UserEntity } from './user.entity';

/** A user's authenticator-app secret, sealed (TotpSecrets); confirmed once a first code was right. */
@Entity({ name: 'user_totp' })
export class UserTotpEntity {
  @PrimaryColumn({ name: 'user_id', type: 'integer', primaryKeyConstraintName: 'user_totp_pkey' })
  @ForeignKey(() => UserEntity, { name: 'user_totp_user_id_fkey', onDelete: 'CASCADE' })
  userId!: number;

  @Column({ type: 'text' })
  secret!: string;

  @Column({ name: 'confirmed_at', type: 'timestamptz', nullable: true })
  confirmedAt!: Date | null;

  /** The newest 30-second step a code was accepted for: a code of that step or an older one is refused. */
  @Column({ name: 'last_used_step', type: 'bigint', nullable: true })
  lastUsedStep!: string | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;
}

/** A WebAuthn credential (passkey) of a user. */
@Entity({ name: 'passkeys' })
@Unique('passkeys_credential_id_key', ['credentialId'])
@Index('passkeys_user_idx', ['userId'])
@Check('passkeys_name_check', 'length(name) BETWEEN 1 AND 100')
export class PasskeyEntity {
  @PrimaryGeneratedColumn('identity', { name: 'passkey_id', type: 'integer', generatedIdentity: 'BY DEFAULT', primaryKeyConstraintName: 'passkeys_pkey' })
  passkeyId!: number;

  @Column({ name: 'user_id', type: 'integer' })
  @ForeignKey(() => UserEntity, { name: 'passkeys_user_id_fkey', onDelete: 'CASCADE' })
  userId!: number;

  @Column({ name: 'credential_id', type: 'text' })
  credentialId!: string;

  @Column({ name: 'public_key', type: 'bytea' })
  publicKey!: Buffer;

  @Column({ type: 'bigint' })
  counter!: string;

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  transports!: string[];

  @Column({ type: 'text' })
  name!: string;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'last_used_at', type: 'timestamptz', nullable: true })
  lastUsedAt!: Date | null;
}

/** A single-use recovery code; only its hash is stored. */
@Entity({ name: 'recovery_codes' })
@Index('recovery_codes_user_idx', ['userId'])
export class RecoveryCodeEntity {
  @PrimaryColumn({ name: 'code_hash', type: 'bytea', primaryKeyConstraintName: 'recovery_codes_pkey' })
  codeHash!: Buffer;

  @Column({ name: 'user_id', type: 'integer' })
  @ForeignKey(() => UserEntity, { name: 'recovery_codes_user_id_fkey', onDelete: 'CASCADE' })
  userId!: number;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  usedAt!: Date | null;
}

/** A WebAuthn challenge handed out with options: single use, five minutes. */
@Entity({ name: 'webauthn_challenges' })
@Check('webauthn_challenges_purpose_check', "purpose IN ('registration', 'authentication')")
export class WebauthnChallengeEntity {
  @PrimaryColumn({ name: 'challenge_hash', type: 'bytea', primaryKeyConstraintName: 'webauthn_challenges_pkey' })
  challengeHash!: Buffer;

  @Column({ type: 'text' })
  purpose!: 'registration' | 'authentication';

  @Column({ name: 'user_id', type: 'integer', nullable: true })
  @ForeignKey(() => UserEntity, { name: 'webauthn_challenges_user_id_fkey', onDelete: 'CASCADE' })
  userId!: number | null;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;
}

/** A password accepted for a user with a second factor: the login waits for it (five minutes, one use). */
@Entity({ name: 'pending_logins' })
export class PendingLoginEntity {
  @PrimaryColumn({ name: 'token_hash', type: 'bytea', primaryKeyConstraintName: 'pending_logins_pkey' })
  tokenHash!: Buffer;

  @Column({ name: 'user_id', type: 'integer' })
  @ForeignKey(() => UserEntity, { name: 'pending_logins_user_id_fkey', onDelete: 'CASCADE' })
  userId!: number;

  @Column({ name: 'new_browser', type: 'boolean' })
  newBrowser!: boolean;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;
}

/** One line of the security log. Append-only: a trigger of the migration refuses UPDATE, DELETE and TRUNCATE. */
@Entity({ name: 'security_log' })
@Index('security_log_user_idx', ['userId', 'entryId'])
@Index('security_log_kind_idx', ['kind', 'entryId'])
@Unique('security_log_event_id_key', ['eventId'])
export class SecurityLogEntity {
  @PrimaryGeneratedColumn('identity', { name: 'entry_id', type: 'bigint', generatedIdentity: 'ALWAYS', primaryKeyConstraintName: 'security_log_pkey' })
  entryId!: string;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  at!: Date;

  @Column({ name: 'user_id', type: 'integer', nullable: true })
  @ForeignKey(() => UserEntity, { name: 'security_log_user_id_fkey', onDelete: 'SET NULL' })
  userId!: number | null;

  @Column({ name: 'actor_id', type: 'integer', nullable: true })
  actorId!: number | null;

  @Column({ name: 'session_id', type: 'bigint', nullable: true })
  sessionId!: string | null;

  @Column({ type: 'text' })
  kind!: string;

  @Column({ type: 'text', nullable: true })
  ip!: string | null;

  @Column({ name: 'user_agent', type: 'text', nullable: true })
  userAgent!: string | null;

  @Column({ type: 'jsonb', default: () => "'{}'" })
  detail!: Record<string, unknown>;

  /** The event a row was written from (a bank-account change): recorded once, whoever follows the events. */
  @Column({ name: 'event_id', type: 'uuid', nullable: true })
  eventId!: string | null;
}
