import {
  comparePositions,
  type EventStore,
  formatPosition,
  type GlobalPosition,
  parsePosition,
  type RecordedEvent,
  type Subscription,
  type WebhookKind,
  webhookKindOf,
} from '@escrow/domain';
import { linkToTraceparent, ProjectionRunner } from '@escrow/projections';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Pool } from 'pg';

import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.tokens';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import { DATABASE_URL, PG_POOL } from '../infrastructure/database/database.tokens';
import { FollowerCheckpoint } from '../infrastructure/database/follower-checkpoint';
import { SingleActiveWorker } from '../infrastructure/database/single-active-worker';
import { acceptedIdOrNull, inSpan, SpanKind, withCorrelation } from '../observability';
import { actorIdOf, deliveryIdOf, payloadOf, projectIdOf } from './payloads';
import { UNOPENABLE_SECRET, WebhookSecretBox } from './secret-box';
import { sendDelivery, type SendOutcome } from './webhook-sender';

const LOCK = 'webhooks-deliverer';
const POLL_MS = 500;
const BATCH = 16;
const MAX_DELAY_MS = 3600_000;
export const INTERRUPTED = 'interrupted: the delivering process stopped before the receiver answered';

interface EndpointTarget {
  endpoint_id: number;
  company_id: number | null;
  kinds: WebhookKind[];
  commit_after: string | null;
  prepare_after: string | null;
}

/** An endpoint receives the events recorded after it was registered. */
function registeredBefore(endpoint: EndpointTarget, event: RecordedEvent): boolean {
  return (
    endpoint.commit_after === null || comparePositions(event.position, { commit: BigInt(endpoint.commit_after), prepare: BigInt(endpoint.prepare_after!) }) > 0
  );
}

interface Claimed {
  delivery_id: string;
  endpoint_id: number;
  event_id: string;
  kind: string;
  payload: string;
  attempts: number;
  sending_since: Date;
  first_attempt_at: Date;
  url: string;
  /** Sealed, as previous_secret (WebhookSecretBox). */
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: Date | null;
  manual: boolean;
  correlation_id: string | null;
  traceparent: string | null;
}

/** The retry after the n-th failed attempt: base·2^(n-1), at most an hour, ±10% so receivers coming back are not hit by every sender at once. */
export function retryDelayMs(attempt: number, baseMs: number, random = Math.random()): number {
  const delay = Math.min(baseMs * 2 ** Math.max(attempt - 1, 0), MAX_DELAY_MS);
  return Math.round(delay * (0.9 + 0.2 * random));
}

/**
 * Delivers webhooks from the event log, at least once, one active deliverer per database (a
 * session advisory lock, as the payments dispatcher; the others stand by and take over).
 *
 * - **Fan-out** follows the global order from its own checkpoint (`webhook_checkpoint`): each
 *   event of a subscribed kind becomes one delivery per endpoint that may see it (an
 *   administrators' endpoint: every project; a company's: projects it is the seller of), written
 *   with the checkpoint in one transaction, so a restart neither loses nor repeats one.
 * - **Sending** claims due deliveries, records the attempt before the request and its outcome
 *   after; a 2xx delivers, anything else retries with exponential backoff for 24 hours. An attempt
 *   a crash interrupted is marked so in the log when the next deliverer takes the lock, and sent
 *   again at once with the same delivery id.
 */
@Injectable()
export class WebhookDeliverer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Webhooks');
  private readonly worker: SingleActiveWorker;
  private subscription: Subscription | null = null;
  private position: GlobalPosition | null = null;
  private readonly written: FollowerCheckpoint;

  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(DATABASE_URL) databaseUrl: string,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly runner: ProjectionRunner,
    private readonly box: WebhookSecretBox,
  ) {
    this.written = new FollowerCheckpoint(pool, 'webhook_checkpoint');
    this.worker = new SingleActiveWorker(databaseUrl, this.logger, {
      label: 'webhook deliverer',
      applicationName: 'escrow-webhooks-deliverer',
      lockName: LOCK,
      pollMs: POLL_MS,
      taken: async () => {
        await this.recoverInterrupted();
        this.position = await this.readCheckpoint();
        this.follow();
      },
      released: async () => {
        const subscription = this.subscription;
        this.subscription = null;
        await subscription?.stop().catch(() => undefined);
      },
      pass: () => this.sendDue(),
    });
  }

  onApplicationBootstrap(): void {
    if (this.config.webhooks.run) this.worker.start();
  }

  /**
   * Lets the fan-out batch and the sending pass under way finish (their attempts are recorded
   * with their outcome, not left for the next deliverer to mark interrupted), then lets go of the lock.
   */
  async onApplicationShutdown(): Promise<void> {
    await this.worker.stop();
  }

  /** True while this process holds the deliverer's lock. */
  get delivering(): boolean {
    return this.worker.active;
  }

  /** Follows the global order from the checkpoint; after a failure, again from the checkpoint. */
  private follow(): void {
    if (!this.worker.active) return;
    const subscription = this.store.subscribeToAll({ after: this.position, batchSize: 200 }, (batch) => this.fanOut(batch));
    this.subscription = subscription;
    subscription.done.catch((error: Error) => {
      if (this.subscription !== subscription || !this.worker.active) return;
      this.logger.warn(`webhook fan-out stopped (resuming from its checkpoint): ${error.message}`);
      setTimeout(() => {
        void this.readCheckpoint()
          .then((position) => {
            this.position = position;
            this.follow();
          })
          .catch(() => this.follow());
      }, 1000).unref();
    });
  }

  private async fanOut(batch: RecordedEvent[]): Promise<void> {
    const last = batch[batch.length - 1];
    if (!last || !this.worker.active) return;
    const relevant = batch.flatMap((event) => {
      const kind = webhookKindOf(event.type);
      const projectId = kind ? projectIdOf(event) : null;
      return kind && projectId ? [{ event, kind, projectId }] : [];
    });
    // Most batches concern no endpoint (none registered, or none for these kinds): they only move
    // the position, as batches of other events do, instead of a transaction each (one per command).
    const endpoints =
      relevant.length === 0
        ? []
        : (
            await this.pool.query<EndpointTarget>(
              `SELECT endpoint_id, company_id, kinds, commit_after::text, prepare_after::text FROM webhook_endpoints WHERE deleted_at IS NULL AND enabled`,
            )
          ).rows;
    const wanted = relevant.filter(({ event, kind }) => endpoints.some((e) => e.kinds.includes(kind) && registeredBefore(e, event)));
    if (wanted.length === 0) {
      this.position = last.position;
      await this.written.passed(last.position);
      return;
    }
    // Who may see an event is read from the projects read model: let it pass these events first.
    const caughtUp = await this.runner.waitFor(wanted[wanted.length - 1]!.event.position, { projectors: ['jobs'], timeoutMs: 10_000 });
    if (!caughtUp) throw new Error('the projects read model is behind the events');
    const client = await this.pool.connect();
    let inserted = 0;
    try {
      await client.query('BEGIN');
      const { rows: jobs } = await client.query<{ job_id: number; primary_company_id: number | null }>(
        'SELECT job_id, primary_company_id FROM jobs WHERE job_id = ANY($1::int[])',
        [[...new Set(wanted.map((r) => r.projectId))]],
      );
      const sellerOf = new Map(jobs.map((j) => [j.job_id, j.primary_company_id]));
      // A person is named only to their own company's endpoints and the administrators' (issue 37).
      const { rows: actors } = await client.query<{ user_id: number; display_name: string | null; company_id: number | null }>(
        'SELECT user_id, display_name, company_id FROM users WHERE user_id = ANY($1::int[])',
        [[...new Set(wanted.map((r) => actorIdOf(r.event)).filter((id): id is number => id !== null))]],
      );
      const actorById = new Map(actors.map((a) => [a.user_id, a]));
      const actorNameFor = (event: RecordedEvent, endpointCompany: number | null) => {
        const actor = actorById.get(actorIdOf(event) ?? 0);
        return actor && (endpointCompany === null || actor.company_id === endpointCompany) ? actor.display_name : null;
      };
      const rows = wanted.flatMap(({ event, kind, projectId }) =>
        endpoints
          .filter((e) => e.kinds.includes(kind) && registeredBefore(e, event) && (e.company_id === null || e.company_id === sellerOf.get(projectId)))
          .map((e) => {
            const deliveryId = deliveryIdOf(e.endpoint_id, event.id);
            return {
              deliveryId,
              endpointId: e.endpoint_id,
              eventId: event.id,
              kind,
              payload: payloadOf(deliveryId, kind, event, projectId, actorNameFor(event, e.company_id)),
              correlationId: acceptedIdOrNull(event.metadata.correlationId),
              traceparent: typeof event.metadata.traceparent === 'string' ? event.metadata.traceparent : null,
            };
          }),
      );
      if (rows.length > 0) {
        const result = await client.query(
          `INSERT INTO webhook_deliveries (delivery_id, endpoint_id, event_id, kind, payload, correlation_id, traceparent, next_attempt_at)
           SELECT *, now() FROM unnest($1::uuid[], $2::int[], $3::uuid[], $4::text[], $5::text[], $6::text[], $7::text[])
           ON CONFLICT (endpoint_id, event_id) DO NOTHING`,
          [
            rows.map((r) => r.deliveryId),
            rows.map((r) => r.endpointId),
            rows.map((r) => r.eventId),
            rows.map((r) => r.kind),
            rows.map((r) => r.payload),
            rows.map((r) => r.correlationId),
            rows.map((r) => r.traceparent),
          ],
        );
        inserted = result.rowCount ?? 0;
      }
      await this.written.write(last.position, client);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
    this.position = last.position;
    if (inserted > 0) this.kick();
  }

  private async readCheckpoint(): Promise<GlobalPosition | null> {
    const written = await this.written.read();
    if (written !== undefined) return written;
    // First start: from the oldest endpoint's registration (nothing before it is delivered anyway), else from now.
    const { rows: oldest } = await this.pool.query<{ position: string | null }>(
      `SELECT commit_after::text || '/' || prepare_after::text AS position FROM webhook_endpoints ORDER BY commit_after NULLS FIRST, prepare_after NULLS FIRST LIMIT 1`,
    );
    const start = oldest[0] ? parsePosition(oldest[0].position) : ((await this.store.headPosition())?.position ?? null);
    await this.written.write(start);
    return start;
  }

  /** The lock is ours alone: an attempt still open was cut by the death of the process that held it. */
  private async recoverInterrupted(): Promise<void> {
    const { rowCount } = await this.pool.query(
      `WITH cut AS (
         UPDATE webhook_deliveries SET sending_since = NULL, next_attempt_at = now(), last_error = $1
          WHERE status = 'pending' AND sending_since IS NOT NULL RETURNING delivery_id)
       UPDATE webhook_attempts a SET finished_at = now(), error = $1 FROM cut WHERE a.delivery_id = cut.delivery_id AND a.finished_at IS NULL`,
      [INTERRUPTED],
    );
    if (rowCount) this.logger.warn(`${rowCount} webhook delivery attempt(s) were interrupted by a stop; sending them again`);
  }

  /** Runs a sending pass now (or right after the current one) and keeps polling. */
  kick(): void {
    this.worker.kick();
  }

  private async sendDue(): Promise<void> {
    for (;;) {
      if (!this.worker.active) return;
      const { rows } = await this.pool.query<Claimed>(
        `WITH due AS (
           SELECT d.delivery_id, d.resend_requested AS manual FROM webhook_deliveries d JOIN webhook_endpoints e USING (endpoint_id)
            WHERE d.status = 'pending' AND d.next_attempt_at <= now() AND d.sending_since IS NULL AND e.enabled AND e.deleted_at IS NULL
            ORDER BY d.next_attempt_at LIMIT ${BATCH} FOR UPDATE OF d SKIP LOCKED),
         claimed AS (
           UPDATE webhook_deliveries d SET attempts = d.attempts + 1, sending_since = clock_timestamp(),
                  first_attempt_at = coalesce(d.first_attempt_at, clock_timestamp()), resend_requested = false
             FROM due WHERE d.delivery_id = due.delivery_id
           RETURNING d.delivery_id, d.endpoint_id, d.event_id, d.kind, d.payload, d.attempts, d.sending_since, d.first_attempt_at, due.manual,
                     d.correlation_id, d.traceparent),
         logged AS (
           INSERT INTO webhook_attempts (delivery_id, attempt, started_at, manual) SELECT delivery_id, attempts, sending_since, manual FROM claimed)
         SELECT c.*, e.url, e.secret, e.previous_secret, e.previous_secret_expires_at FROM claimed c JOIN webhook_endpoints e USING (endpoint_id)`,
      );
      if (rows.length === 0) return;
      // Each send runs under its event's correlation (its log lines, its header) and in a span linked to the command's trace.
      await Promise.all(
        rows.map((row) =>
          withCorrelation({ correlationId: row.correlation_id ?? row.delivery_id }, () =>
            inSpan(
              'webhook send',
              { 'escrow.delivery_id': row.delivery_id, 'escrow.endpoint_id': row.endpoint_id, 'escrow.attempt': row.attempts },
              () => this.deliver(row),
              {
                kind: SpanKind.PRODUCER,
                links: [linkToTraceparent(row.traceparent)].filter((link) => link !== null),
              },
            ),
          ),
        ),
      );
      if (rows.length < BATCH) return;
    }
  }

  /**
   * The secrets to sign with: the current one and, during its overlap, the previous one. Null when
   * the current one cannot be opened. A previous one that cannot be opened is left out: after a
   * lost key the endpoints are rotated, and their receivers hold the new secret.
   */
  private signingSecrets(row: Claimed): string[] | null {
    const current = this.box.openIfPossible(row.secret);
    if (current === null) return null;
    const inOverlap = row.previous_secret !== null && row.previous_secret_expires_at !== null && row.previous_secret_expires_at > new Date();
    const previous = inOverlap ? this.box.openIfPossible(row.previous_secret!) : null;
    return previous === null ? [current] : [current, previous];
  }

  private async deliver(row: Claimed): Promise<void> {
    const secrets = this.signingSecrets(row);
    // A secret that cannot be opened is a failed attempt like any other (retried, then given up), never a crash.
    const outcome: SendOutcome = secrets
      ? await sendDelivery(
          { url: row.url, deliveryId: row.delivery_id, kind: row.kind, eventId: row.event_id, correlationId: row.correlation_id, body: row.payload, secrets },
          { timeoutMs: this.config.webhooks.timeoutMs, allowLoopback: this.config.webhooks.allowHttpLoopback },
        )
      : { statusCode: null, latencyMs: 0, error: UNOPENABLE_SECRET };
    const delivered = outcome.error === null;
    let next: Date | null = null;
    let status: 'delivered' | 'pending' | 'failed' = 'delivered';
    if (!delivered) {
      next = new Date(Date.now() + retryDelayMs(row.attempts, this.config.webhooks.retryBaseMs));
      status = next.getTime() - row.first_attempt_at.getTime() > this.config.webhooks.retryForMs ? 'failed' : 'pending';
      if (status === 'failed') next = null;
    }
    const error = delivered ? null : status === 'failed' ? `${outcome.error}; given up after ${row.attempts} attempts` : outcome.error;
    // Only the claim this process made (its attempt number) is settled: after a takeover the new deliverer owns the delivery.
    await this.pool.query(
      `WITH settled AS (
         UPDATE webhook_deliveries SET status = $2, sending_since = NULL, next_attempt_at = $3, last_status_code = $4, last_latency_ms = $5, last_error = $6,
                delivered_at = CASE WHEN $2 = 'delivered' THEN now() ELSE delivered_at END
          WHERE delivery_id = $1 AND attempts = $7 AND sending_since IS NOT NULL RETURNING delivery_id)
       UPDATE webhook_attempts SET finished_at = now(), status_code = $4, latency_ms = $5, error = $6, next_attempt_at = $3
        WHERE delivery_id = $1 AND attempt = $7 AND finished_at IS NULL`,
      [row.delivery_id, status, next, outcome.statusCode, outcome.latencyMs, error, row.attempts],
    );
    // The endpoint's id, not its URL: an integrator's URL may hold a token of theirs.
    if (status === 'failed') this.logger.warn(`webhook delivery ${row.delivery_id} to endpoint ${row.endpoint_id} failed for good: ${error}`);
  }

  /** For tests and diagnostics: where the fan-out stands. */
  get checkpoint(): string | null {
    return formatPosition(this.position);
  }
}
