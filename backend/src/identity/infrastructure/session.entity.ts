import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';

import { UserEntity } from './user.entity';

/** A login: only the hash of the cookie's token is stored. */
@Entity({ name: 'sessions' })
@Index('sessions_user_idx', ['userId'])
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
}
