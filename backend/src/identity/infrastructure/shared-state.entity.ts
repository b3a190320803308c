import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * A rate-limit counter every API process shares. rate-limiter-flexible reads and writes these
 * rows itself (one atomic upsert per hit); the entity only keeps the schema in one place.
 */
@Entity({ name: 'rate_limits' })
export class RateLimitEntity {
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'rate_limits_pkey' })
  key!: string;

  @Column({ type: 'integer', default: 0 })
  points!: number;

  /** Milliseconds since the epoch (bigint: read as text). */
  @Column({ type: 'bigint', nullable: true })
  expire!: string | null;
}

/** A secret every API process must agree on (the device-cookie key). */
@Entity({ name: 'server_secrets' })
export class ServerSecretEntity {
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'server_secrets_pkey' })
  name!: string;

  @Column({ type: 'bytea' })
  value!: Buffer;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;
}
