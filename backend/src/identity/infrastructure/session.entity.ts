import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, Unique } from 'typeorm';

import { UserEntity } from './user.entity';

/** A login: only the hash of the cookie's token is stored. */
@Entity({ name: 'sessions' })
@Index('sessions_user_idx', ['userId'])
@Unique('sessions_session_id_key', ['sessionId'])
export class SessionEntity {
  @PrimaryColumn({ name: 'token_hash', type: 'bytea', primaryKeyConstraintName: 'sessions_pkey' })
  tokenHash!: Buffer;

  @Column({ name: 'user_id', type: 'integer' })
  userId!: number;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'sessions_user_id_fkey' })
  user?: UserEntity;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'last_seen_at', type: 'timestamptz', default: () => 'now()' })
  lastSeenAt!: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ name: 'user_agent', type: 'text', nullable: true })
  userAgent!: string | null;

  @Column({ type: 'text', nullable: true })
  ip!: string | null;

  /** A short id to list and end a session by (the token's hash never leaves the server). */
  @Column({ name: 'session_id', type: 'bigint', generated: 'identity', generatedIdentity: 'BY DEFAULT' })
  sessionId!: string;

  /** When this session last checked a second factor (step-up lasts STEP_UP_WINDOW from here). */
  @Column({ name: 'second_factor_at', type: 'timestamptz', nullable: true })
  secondFactorAt!: Date | null;

  /** When this session last checked the password (a first factor may be enrolled within STEP_UP_WINDOW of it). */
  @Column({ name: 'password_at', type: 'timestamptz', nullable: true })
  passwordAt!: Date | null;
}

/** The hash of a session token replaced lately (SessionsService.rotate): it authenticates nothing, it only explains a 401. */
@Entity({ name: 'session_rotations' })
@Index('session_rotations_rotated_at_idx', ['rotatedAt'])
export class SessionRotationEntity {
  @PrimaryColumn({ name: 'token_hash', type: 'bytea', primaryKeyConstraintName: 'session_rotations_pkey' })
  tokenHash!: Buffer;

  @Column({ name: 'user_id', type: 'integer' })
  userId!: number;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'session_rotations_user_id_fkey' })
  user?: UserEntity;

  @Column({ name: 'rotated_at', type: 'timestamptz', default: () => 'now()' })
  rotatedAt!: Date;
}
