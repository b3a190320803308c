import type { ProjectorStatus, ReadinessView } from '@escrow/domain';
import type { Pool } from 'pg';
import { Counter, Gauge } from 'prom-client';

import { withTimeout } from '../../infrastructure/with-timeout';
import type { EscrowMetrics } from './escrow-metrics';

/** A scrape never waits longer than this for the database: a gauge it could not read is absent from that scrape. */
const SCRAPE_TIMEOUT_MS = 2_000;

/** The states a projector can be in, as label values (ProjectorStatus.state, spaces as underscores). */
const PROJECTOR_STATES = ['starting', 'running', 'standby', 'stopped', 'rebuilding', 'halted', 'not_running_here', 'never_run'] as const;

/** A pg Pool's use, read from the pool object (no SQL). */
export function watchPool(metrics: EscrowMetrics, pools: Record<string, Pool>): void {
  const gauge = (name: string, help: string, read: (pool: Pool) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['pool'] as const,
      registers: [metrics.registry],
      collect() {
        for (const [label, pool] of Object.entries(pools)) this.set({ pool: label }, read(pool));
      },
    });
  gauge('escrow_db_pool_connections', 'Connections a pool of this process holds (busy and idle).', (p) => p.totalCount);
  gauge('escrow_db_pool_idle_connections', 'Connections of a pool of this process that are idle.', (p) => p.idleCount);
  gauge('escrow_db_pool_waiting_requests', 'Queries waiting for a free connection of a pool of this process.', (p) => p.waitingCount);
}

/** The readings of the current scrape, which the error counter waits for before it is written out. */
const pendingReadings = new WeakMap<EscrowMetrics, Promise<unknown>[]>();

/** Reads `load` once per scrape, bounded in time; failures are counted, not thrown at Prometheus. */
function reading<T>(metrics: EscrowMetrics, errors: Counter<'source'>, source: string, load: () => Promise<T>): () => Promise<T | null> {
  let last: { scrape: number; value: Promise<T | null> } | null = null;
  return () => {
    if (last && last.scrape === metrics.scrapes) return last.value;
    const value = withTimeout(load(), SCRAPE_TIMEOUT_MS).catch(() => {
      errors.inc({ source });
      return null;
    });
    last = { scrape: metrics.scrapes, value };
    pendingReadings.get(metrics)?.push(value);
    return value;
  };
}

/**
 * prom-client writes every metric of a scrape at once: without waiting, the counter would be
 * written before this scrape's readings fail, and an outage would show no error until the next
 * scrape (or none, if the scraper gave up first).
 */
function scrapeErrors(metrics: EscrowMetrics): Counter<'source'> {
  const existing = metrics.registry.getSingleMetric('escrow_metrics_scrape_errors_total');
  if (existing) return existing as Counter<'source'>;
  const pending: Promise<unknown>[] = [];
  pendingReadings.set(metrics, pending);
  return new Counter({
    name: 'escrow_metrics_scrape_errors_total',
    help: 'Scrape-time readings that failed or took longer than 2 s (their gauges are absent from that scrape), by source.',
    labelNames: ['source'] as const,
    registers: [metrics.registry],
    async collect() {
      // The gauges start their readings first (they are written in registration order, and
      // every gauge reads through `reading`): wait until every reading of this scrape is over.
      await new Promise((resolve) => setImmediate(resolve));
      await Promise.allSettled(pending.splice(0));
    },
  });
}

interface StatusSource {
  status(): Promise<ProjectorStatus[]>;
}

/**
 * Each projector's position, lag, state, parked streams, dead letters and rebuild progress, as
 * `ProjectionRunner.status()` computes them for the Operations page (one reading per scrape).
 * Every process reports every projector (they share the checkpoints table): alert on max().
 */
export function watchProjectors(metrics: EscrowMetrics, runner: StatusSource): void {
  const read = reading(metrics, scrapeErrors(metrics), 'projectors', () => runner.status());
  const gauge = (name: string, help: string, value: (s: ProjectorStatus) => number | null) =>
    new Gauge({
      name,
      help,
      labelNames: ['projector'] as const,
      registers: [metrics.registry],
      async collect() {
        this.reset();
        for (const s of (await read()) ?? []) {
          const v = value(s);
          if (v !== null) this.set({ projector: s.name }, v);
        }
      },
    });
  gauge(
    'escrow_projector_position',
    "The global position of the last event the projector's checkpoint passed (PostgreSQL: the events table's global_position; EventStoreDB: its prepare position).",
    (s) => (s.position === null ? 0 : Number(s.position.split('/')[1])),
  );
  gauge(
    'escrow_projector_lag_events',
    'Events in the global order after the projector’s checkpoint (absent on EventStoreDB, which cannot count them cheaply).',
    (s) => s.lagEvents,
  );
  gauge('escrow_projector_lag_seconds', 'How far behind the newest event the projector’s last passed event was recorded.', (s) => s.lagSeconds);
  gauge(
    'escrow_projector_parked_streams',
    'Streams the projector parked after an event failed; their later events wait for a resume.',
    (s) => s.parkedStreams.length,
  );
  gauge('escrow_projector_dead_letters', 'Events the projector could not apply and that are not resolved yet.', (s) => s.openDeadLetters);
  gauge('escrow_projector_rebuilding', '1 while a rebuild of the projector runs (anywhere), else 0.', (s) => (s.lastRebuild?.state === 'running' ? 1 : 0));
  gauge('escrow_projector_rebuild_events_done', 'Events the running (or last) rebuild of the projector has replayed.', (s) => s.lastRebuild?.done ?? null);
  gauge(
    'escrow_projector_rebuild_events_total',
    'Events the running (or last) rebuild of the projector replays in all, when known.',
    (s) => s.lastRebuild?.total ?? null,
  );
  new Gauge({
    name: 'escrow_projector_state',
    help: "1 for the projector's state as this process sees it (running, standby, stopped, rebuilding, not_running_here, …), 0 for the others.",
    labelNames: ['projector', 'state'] as const,
    registers: [metrics.registry],
    async collect() {
      this.reset();
      for (const s of (await read()) ?? []) {
        const state = s.state.replace(/ /g, '_');
        for (const known of PROJECTOR_STATES) this.set({ projector: s.name, state: known }, known === state ? 1 : 0);
      }
    },
  });
}

interface LedgerReading {
  instructions: { kind: string; status: string; n: number; oldest_seconds: number | null }[];
  money: { held: string; retainage_held: string };
  webhooks: { pending: number; failed: number; oldest_pending_seconds: number | null; oldest_failing_seconds: number | null; failing_endpoints: number };
  mail: { unsent: number; oldest_unsent_seconds: number | null };
  horizon: { seconds: number | null };
}

/** States in which a payment instruction waits for something (the dispatcher, a waiver, its clearing). */
const WAITING = ['open', 'awaiting_waiver', 'settled'];

/**
 * The money and the queues of the whole installation, from cheap queries (indexed or over small
 * tables) in one read-only transaction with a statement timeout. Read-only: it takes no
 * transaction id, so a scrape never holds the read horizon back.
 */
async function readLedger(pool: Pool): Promise<LedgerReading> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN READ ONLY');
    await client.query(`SET LOCAL statement_timeout = ${SCRAPE_TIMEOUT_MS}`);
    const instructions = await client.query<LedgerReading['instructions'][number]>(
      `SELECT kind, status, count(*)::int AS n,
              extract(epoch FROM now() - min(CASE WHEN status = 'settled' THEN clears_at ELSE created_at END))::float8 AS oldest_seconds
         FROM payment_instructions GROUP BY kind, status`,
    );
    const money = await client.query<LedgerReading['money']>(
      `SELECT coalesce(sum(held), 0)::numeric(20,2)::text AS held, coalesce(sum(retainage_held), 0)::numeric(20,2)::text AS retainage_held FROM milestones`,
    );
    const webhooks = await client.query<LedgerReading['webhooks']>(
      `SELECT count(*) FILTER (WHERE status = 'pending')::int AS pending,
              count(*) FILTER (WHERE status = 'failed')::int AS failed,
              extract(epoch FROM now() - min(created_at) FILTER (WHERE status = 'pending'))::float8 AS oldest_pending_seconds,
              extract(epoch FROM now() - min(first_attempt_at) FILTER (WHERE status = 'pending' AND attempts > 0))::float8 AS oldest_failing_seconds,
              count(DISTINCT endpoint_id) FILTER (WHERE status = 'pending' AND attempts > 0)::int AS failing_endpoints
         FROM webhook_deliveries WHERE status IN ('pending', 'failed')`,
    );
    const mail = await client.query<LedgerReading['mail']>(
      `SELECT count(*)::int AS unsent, extract(epoch FROM now() - min(created_at))::float8 AS oldest_unsent_seconds FROM mail_outbox WHERE sent_at IS NULL`,
    );
    // The oldest transaction holding an id: readers of the global order see nothing newer (docs/architecture.md#postgresql-default, the price).
    const horizon = await client.query<LedgerReading['horizon']>(
      `SELECT extract(epoch FROM now() - min(xact_start))::float8 AS seconds
         FROM pg_stat_activity WHERE backend_xid IS NOT NULL AND xact_start IS NOT NULL AND pid <> pg_backend_pid()`,
    );
    await client.query('COMMIT');
    return { instructions: instructions.rows, money: money.rows[0]!, webhooks: webhooks.rows[0]!, mail: mail.rows[0]!, horizon: horizon.rows[0]! };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/**
 * A gauge of one value read at scrape time. prom-client answers 0 for a gauge without labels
 * that holds no value, and a 0 of held funds during a database outage is a lie that no alert
 * can tell from an empty escrow: when the reading failed, this one leaves its sample out (a gap
 * on the dashboard, an `absent()` alert), and the failure is counted in
 * escrow_metrics_scrape_errors_total.
 */
class ReadingGauge<T> extends Gauge {
  private unread = true;

  constructor(name: string, help: string, metrics: EscrowMetrics, read: () => Promise<T | null>, value: (reading: T) => number | null) {
    super({
      name,
      help,
      registers: [metrics.registry],
      collect: async () => {
        const reading = await read();
        const v = reading === null ? null : value(reading);
        this.unread = v === null;
        if (v !== null) this.set(v);
      },
    });
  }

  override async get(): ReturnType<Gauge['get']> {
    const metric = await super.get();
    return this.unread ? { ...metric, values: [] } : metric;
  }
}

/** Payment instructions, held funds, webhook deliveries, the mail outbox and the read horizon (API processes). */
export function watchLedger(metrics: EscrowMetrics, pool: Pool): void {
  const read = reading(metrics, scrapeErrors(metrics), 'ledger', () => readLedger(pool));
  const single = (name: string, help: string, value: (r: LedgerReading) => number | null) => new ReadingGauge(name, help, metrics, read, value);
  new Gauge({
    name: 'escrow_payment_instructions',
    help: 'Payment instructions by kind (debit, payout, refund, retainage, retainage_refund) and state (open, awaiting_waiver, settled, completed, failed, returned).',
    labelNames: ['kind', 'state'] as const,
    registers: [metrics.registry],
    async collect() {
      this.reset();
      for (const row of (await read())?.instructions ?? []) this.set({ kind: row.kind, state: row.status }, row.n);
    },
  });
  new Gauge({
    name: 'escrow_payment_instruction_oldest_waiting_seconds',
    help: 'Age of the oldest waiting instruction by kind and state: since it was created (open, awaiting_waiver), or past its clearing (settled; negative while it has not cleared yet).',
    labelNames: ['kind', 'state'] as const,
    registers: [metrics.registry],
    async collect() {
      this.reset();
      for (const row of (await read())?.instructions ?? []) {
        if (WAITING.includes(row.status) && row.oldest_seconds !== null) this.set({ kind: row.kind, state: row.status }, row.oldest_seconds);
      }
    },
  });
  // The ledger holds US dollars only (domain/src/money): the unit is in the name.
  single('escrow_held_funds_usd', 'Funds held in escrow across every milestone (milestones.held), in dollars.', (r) => Number(r.money.held));
  single('escrow_retainage_held_usd', 'Retainage withheld from payees and still held (milestones.retainage_held), in dollars.', (r) =>
    Number(r.money.retainage_held),
  );
  single('escrow_webhook_deliveries_pending', 'Webhook deliveries not delivered yet (first attempt or retries to come).', (r) => r.webhooks.pending);
  single('escrow_webhook_deliveries_failed', 'Webhook deliveries that gave up after 24 hours of retries and were not re-sent.', (r) => r.webhooks.failed);
  single('escrow_webhook_oldest_pending_seconds', 'Age of the oldest pending webhook delivery (0 when none).', (r) => r.webhooks.oldest_pending_seconds ?? 0);
  single(
    'escrow_webhook_oldest_failing_seconds',
    'How long the longest-failing endpoint has been failing: since the first attempt of the oldest pending delivery that was tried and not delivered (0 when none).',
    (r) => r.webhooks.oldest_failing_seconds ?? 0,
  );
  single('escrow_webhook_failing_endpoints', 'Endpoints with a pending delivery that has failed at least once.', (r) => r.webhooks.failing_endpoints);
  single('escrow_mail_outbox_unsent', 'Mails in the outbox not sent yet (without SMTP_URL every mail stays there).', (r) => r.mail.unsent);
  single(
    'escrow_read_horizon_age_seconds',
    'Age of the oldest transaction of the PostgreSQL cluster holding a transaction id: projections see nothing newer until it ends (0 when none).',
    (r) => r.horizon.seconds ?? 0,
  );
}

/**
 * The checks of GET /api/health/ready as this process answers them, so that an alert sees what
 * a load balancer sees: 1 passing, 0 failing. A database that does not answer is a 0 of
 * `database` (known), not a missing reading.
 */
export function watchReadiness(metrics: EscrowMetrics, check: () => Promise<ReadinessView>): void {
  const read = reading(metrics, scrapeErrors(metrics), 'readiness', check);
  new Gauge({
    name: 'escrow_readiness_check',
    help: 'Checks of GET /api/health/ready in this process (database, migrations, projectors): 1 passing, 0 failing.',
    labelNames: ['check'] as const,
    registers: [metrics.registry],
    async collect() {
      this.reset();
      const readiness = await read();
      if (!readiness) return;
      const { database, migrations, projectors } = readiness.checks;
      this.set({ check: 'database' }, database === 'up' ? 1 : 0);
      this.set({ check: 'migrations' }, migrations === 'applied' ? 1 : 0);
      this.set({ check: 'projectors' }, projectors === 'running' || projectors === 'not run here' ? 1 : 0);
    },
  });
}
