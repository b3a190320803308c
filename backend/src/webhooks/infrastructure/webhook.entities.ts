import { POSITION } from '@escrow/projections';
import { Check, Column, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn, Unique } from 'typeorm';

/** An integrator's HTTPS endpoint: the kinds it hears, its signing secret (and the one it replaces for a while), both sealed (WebhookSecretBox). */
@Entity({ name: 'webhook_endpoints' })
@Index('webhook_endpoints_idempotency_idx', ['createdBy', 'idempotencyKey'], { unique: true, where: 'idempotency_key IS NOT NULL' })
@Index('webhook_endpoints_company_idx', ['companyId'], { where: 'deleted_at IS NULL' })
@Check('webhook_endpoints_kinds_check', 'cardinality(kinds) > 0')
class WebhookEndpointEntity {
  @PrimaryGeneratedColumn('identity', { name: 'endpoint_id', type: 'integer', generatedIdentity: 'ALWAYS', primaryKeyConstraintName: 'webhook_endpoints_pkey' })
  endpointId!: number;

  @Column({ name: 'company_id', type: 'integer', nullable: true })
  companyId!: number | null;

  @Column({ type: 'text' })
  url!: string;

  @Column({ type: 'text', nullable: true })
  description!: string | null;

  @Column({ type: 'text', array: true })
  kinds!: string[];

  @Column({ type: 'text' })
  secret!: string;

  @Column({ name: 'previous_secret', type: 'text', nullable: true })
  previousSecret!: string | null;

  @Column({ name: 'previous_secret_expires_at', type: 'timestamptz', nullable: true })
  previousSecretExpiresAt!: Date | null;

  @Column({ name: 'secret_rotated_at', type: 'timestamptz', nullable: true })
  secretRotatedAt!: Date | null;

  @Column({ type: 'boolean', default: true })
  enabled!: boolean;

  @Column({ name: 'commit_after', ...POSITION, nullable: true })
  commitAfter!: string | null;

  @Column({ name: 'prepare_after', ...POSITION, nullable: true })
  prepareAfter!: string | null;

  @Column({ name: 'created_by', type: 'integer' })
  createdBy!: number;

  @Column({ name: 'idempotency_key', type: 'text', nullable: true })
  idempotencyKey!: string | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;

  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true })
  deletedAt!: Date | null;
}

/** A rotation's new secret (sealed) by the request that made it: a retried rotation answers the same secret. */
@Entity({ name: 'webhook_secret_rotations' })
class WebhookSecretRotationEntity {
  @PrimaryColumn({ name: 'actor_id', type: 'integer', primaryKeyConstraintName: 'webhook_secret_rotations_pkey' })
  actorId!: number;

  @PrimaryColumn({ name: 'idempotency_key', type: 'text', primaryKeyConstraintName: 'webhook_secret_rotations_pkey' })
  idempotencyKey!: string;

  @Column({ name: 'endpoint_id', type: 'integer' })
  endpointId!: number;

  @Column({ type: 'text' })
  secret!: string;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;
}

/** One event for one endpoint: at least once, by a stable delivery id, until delivered or given up. */
@Entity({ name: 'webhook_deliveries' })
@Unique('webhook_deliveries_once', ['endpointId', 'eventId'])
@Index('webhook_deliveries_due_idx', ['nextAttemptAt'], { where: "status = 'pending'" })
@Index('webhook_deliveries_endpoint_idx', ['endpointId', 'createdAt'])
@Check('webhook_deliveries_status_check', "status IN ('pending', 'delivered', 'failed', 'cancelled')")
class WebhookDeliveryEntity {
  @PrimaryColumn({ name: 'delivery_id', type: 'uuid', primaryKeyConstraintName: 'webhook_deliveries_pkey' })
  deliveryId!: string;

  @Column({ name: 'endpoint_id', type: 'integer' })
  endpointId!: number;

  @Column({ name: 'event_id', type: 'uuid' })
  eventId!: string;

  @Column({ type: 'text' })
  kind!: string;

  @Column({ type: 'text' })
  payload!: string;

  @Column({ type: 'text', default: 'pending' })
  status!: 'pending' | 'delivered' | 'failed' | 'cancelled';

  @Column({ type: 'integer', default: 0 })
  attempts!: number;

  @Column({ name: 'sending_since', type: 'timestamptz', nullable: true })
  sendingSince!: Date | null;

  @Column({ name: 'first_attempt_at', type: 'timestamptz', nullable: true })
  firstAttemptAt!: Date | null;

  @Column({ name: 'next_attempt_at', type: 'timestamptz', nullable: true })
  nextAttemptAt!: Date | null;

  @Column({ name: 'last_status_code', type: 'integer', nullable: true })
  lastStatusCode!: number | null;

  @Column({ name: 'last_latency_ms', type: 'integer', nullable: true })
  lastLatencyMs!: number | null;

  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError!: string | null;

  @Column({ name: 'delivered_at', type: 'timestamptz', nullable: true })
  deliveredAt!: Date | null;

  @Column({ name: 'manual_resends', type: 'integer', default: 0 })
  manualResends!: number;

  @Column({ name: 'resend_requested', type: 'boolean', default: false })
  resendRequested!: boolean;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  /** The correlation id of the event it carries (the request that caused it). */
  @Column({ name: 'correlation_id', type: 'text', nullable: true })
  correlationId!: string | null;

  /** The W3C traceparent of the command that appended the event, when it was traced. */
  @Column({ type: 'text', nullable: true })
  traceparent!: string | null;
}

/** Each try of a delivery: when, how long, what the receiver answered, when the next one is due. */
@Entity({ name: 'webhook_attempts' })
class WebhookAttemptEntity {
  @PrimaryColumn({ name: 'delivery_id', type: 'uuid', primaryKeyConstraintName: 'webhook_attempts_pkey' })
  deliveryId!: string;

  @PrimaryColumn({ type: 'integer', primaryKeyConstraintName: 'webhook_attempts_pkey' })
  attempt!: number;

  @Column({ name: 'started_at', type: 'timestamptz', default: () => 'now()' })
  startedAt!: Date;

  @Column({ name: 'finished_at', type: 'timestamptz', nullable: true })
  finishedAt!: Date | null;

  @Column({ name: 'status_code', type: 'integer', nullable: true })
  statusCode!: number | null;

  @Column({ name: 'latency_ms', type: 'integer', nullable: true })
  latencyMs!: number | null;

  @Column({ type: 'text', nullable: true })
  error!: string | null;

  @Column({ name: 'next_attempt_at', type: 'timestamptz', nullable: true })
  nextAttemptAt!: Date | null;

  @Column({ type: 'boolean', default: false })
  manual!: boolean;
}

export const webhookEntities = [WebhookEndpointEntity, WebhookSecretRotationEntity, WebhookDeliveryEntity, WebhookAttemptEntity];
