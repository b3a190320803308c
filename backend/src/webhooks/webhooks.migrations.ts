import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Webhooks (docs/webhooks.md): endpoints with their secrets, one delivery per endpoint and
 * event (its id stable across every attempt), every attempt's outcome, and the deliverer's
 * checkpoint in the global order. Not events: endpoints are configuration, deliveries are the
 * outbox of a side effect. None of this is rebuilt from the events.
 */
export class CreateWebhooks1763800300200 implements MigrationInterface {
  name = 'CreateWebhooks1763800300200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE webhook_endpoints (
        endpoint_id     integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        company_id      integer     NULL,
        url             text        NOT NULL,
        description     text        NULL,
        kinds           text[]      NOT NULL CHECK (cardinality(kinds) > 0),
        secret          text        NOT NULL,
        previous_secret text        NULL,
        previous_secret_expires_at timestamptz NULL,
        secret_rotated_at timestamptz NULL,
        enabled         boolean     NOT NULL DEFAULT true,
        commit_after    numeric(20) NULL,
        prepare_after   numeric(20) NULL,
        created_by      integer     NOT NULL,
        idempotency_key text        NULL,
        created_at      timestamptz NOT NULL DEFAULT now(),
        updated_at      timestamptz NOT NULL DEFAULT now(),
        deleted_at      timestamptz NULL
      )`);
    await q.query(`CREATE UNIQUE INDEX webhook_endpoints_idempotency_idx ON webhook_endpoints (created_by, idempotency_key) WHERE idempotency_key IS NOT NULL`);
    await q.query(`CREATE INDEX webhook_endpoints_company_idx ON webhook_endpoints (company_id) WHERE deleted_at IS NULL`);
    // A retried rotation (same caller, same key) answers the secret of the first one.
    await q.query(`
      CREATE TABLE webhook_secret_rotations (
        actor_id        integer     NOT NULL,
        idempotency_key text        NOT NULL,
        endpoint_id     integer     NOT NULL,
        secret          text        NOT NULL,
        created_at      timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (actor_id, idempotency_key)
      )`);
    await q.query(`
      CREATE TABLE webhook_deliveries (
        delivery_id      uuid        PRIMARY KEY,
        endpoint_id      integer     NOT NULL,
        event_id         uuid        NOT NULL,
        kind             text        NOT NULL,
        payload          text        NOT NULL,
        status           text        NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed', 'cancelled')),
        attempts         integer     NOT NULL DEFAULT 0,
        sending_since    timestamptz NULL,
        first_attempt_at timestamptz NULL,
        next_attempt_at  timestamptz NULL,
        last_status_code integer     NULL,
        last_latency_ms  integer     NULL,
        last_error       text        NULL,
        delivered_at     timestamptz NULL,
        manual_resends   integer     NOT NULL DEFAULT 0,
        resend_requested boolean     NOT NULL DEFAULT false,
        created_at       timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT webhook_deliveries_once UNIQUE (endpoint_id, event_id)
      )`);
    await q.query(`CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at) WHERE status = 'pending'`);
    await q.query(`CREATE INDEX webhook_deliveries_endpoint_idx ON webhook_deliveries (endpoint_id, created_at)`);
    await q.query(`
      CREATE TABLE webhook_attempts (
        delivery_id     uuid        NOT NULL,
        attempt         integer     NOT NULL,
        started_at      timestamptz NOT NULL DEFAULT now(),
        finished_at     timestamptz NULL,
        status_code     integer     NULL,
        latency_ms      integer     NULL,
        error           text        NULL,
        next_attempt_at timestamptz NULL,
        manual          boolean     NOT NULL DEFAULT false,
        PRIMARY KEY (delivery_id, attempt)
      )`);
    await q.query(`
      CREATE TABLE webhook_checkpoint (
        id               boolean     PRIMARY KEY DEFAULT true CHECK (id),
        commit_position  numeric(20) NULL,
        prepare_position numeric(20) NULL,
        updated_at       timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE webhook_checkpoint, webhook_attempts, webhook_deliveries, webhook_secret_rotations, webhook_endpoints');
  }
}

/**
 * Issue 28: a delivery remembers the correlation id and the trace of the event it carries, so
 * its sends are logged under the request that caused them, sent with Escrow-Correlation-Id and
 * traced as linked to it. Null for deliveries made before.
 */
export class WebhookDeliveryCorrelation1763800800000 implements MigrationInterface {
  name = 'WebhookDeliveryCorrelation1763800800000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE webhook_deliveries ADD COLUMN correlation_id text NULL, ADD COLUMN traceparent text NULL');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE webhook_deliveries DROP COLUMN correlation_id, DROP COLUMN traceparent');
  }
}
