import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The id a creating request got, by its Idempotency-Key, so a retry gets the same id. */
@Entity({ name: 'idempotent_creations' })
export class IdempotentCreationEntity {
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'idempotent_creations_pkey' })
  scope!: string;

  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'idempotent_creations_pkey' })
  key!: string;

  @Column({ name: 'created_id', type: 'integer' })
  createdId!: number;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;
}

/** The request an Idempotency-Key was first used for (another request with it answers 422). */
@Entity({ name: 'request_fingerprints' })
export class RequestFingerprintEntity {
  @PrimaryColumn({ name: 'actor_id', type: 'integer', primaryKeyConstraintName: 'request_fingerprints_pkey' })
  actorId!: number;

  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'request_fingerprints_pkey' })
  key!: string;

  @Column({ type: 'text' })
  fingerprint!: string;

  @Column({ name: 'request_line', type: 'text' })
  requestLine!: string;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;
}
