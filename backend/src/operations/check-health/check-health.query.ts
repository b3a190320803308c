import type { EventStore, HealthView, ReadHorizonView } from '@escrow/domain';
import { formatPosition } from '@escrow/domain';
import { ProjectionRunner } from '@escrow/projections';
import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { Pool } from 'pg';

import { EVENT_STORE } from '../../event-store/event-store.tokens';
import { PG_POOL } from '../../infrastructure/database/database.tokens';

/** A transaction older than this holds every reader of the global order back: health warns. */
const HORIZON_WARNING_SECONDS = 30;

/**
 * GET /api/health: "ok", "degraded" when a projector is stopped or has parked streams, the event
 * store is down, or an old transaction holds the read horizon, and "down" when the database
 * does not answer.
 */
export class CheckHealth extends Query<HealthView> {}

@QueryHandler(CheckHealth)
export class CheckHealthHandler implements IQueryHandler<CheckHealth> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    private readonly runner: ProjectionRunner,
  ) {}

  async execute(): Promise<HealthView> {
    const started = Date.now();
    try {
      await this.pool.query('SELECT 1');
    } catch (error) {
      return { status: 'down', database: { status: 'down', error: (error as Error).message } };
    }
    const database = { status: 'up' as const, latencyMs: Date.now() - started };
    const [store, projectors, horizon] = await Promise.all([
      this.eventStore.health(),
      this.runner.status().catch((error: Error) => ({ error: error.message })),
      this.readHorizon(),
    ]);
    const projectorList = Array.isArray(projectors)
      ? projectors.map((p) => ({
          name: p.name,
          state: p.state,
          position: p.position,
          lagEvents: p.lagEvents,
          lagSeconds: p.lagSeconds,
          error: p.error,
          parkedStreams: p.parkedStreams.length,
        }))
      : [];
    const degraded =
      store.status !== 'up' ||
      !Array.isArray(projectors) ||
      projectorList.some((p) => p.state === 'stopped' || p.parkedStreams > 0) ||
      horizon.warning !== null;
    return {
      status: degraded ? 'degraded' : 'ok',
      database: { ...database, horizon },
      eventStore: { status: store.status, kind: store.kind, headPosition: formatPosition(store.headPosition), error: store.error },
      projectors: projectorList,
    };
  }

  /**
   * The oldest transaction of the cluster that holds a transaction id: readers of the global order
   * see nothing newer than it (docs/architecture.md#postgresql-default, the price), so an old one stalls
   * projections. A read-only transaction (a report, a rebuild's comparison) holds no id and
   * holds no reader back, so it is not counted.
   */
  private async readHorizon(): Promise<ReadHorizonView> {
    const { rows } = await this.pool.query<{ seconds: number | null; application: string | null }>(
      `SELECT extract(epoch FROM now() - xact_start)::float8 AS seconds, application_name AS application
         FROM pg_stat_activity WHERE backend_xid IS NOT NULL AND xact_start IS NOT NULL AND pid <> pg_backend_pid()
        ORDER BY xact_start LIMIT 1`,
    );
    const oldest = rows[0] ?? null;
    const seconds = oldest?.seconds ?? null;
    const warning =
      seconds !== null && seconds > HORIZON_WARNING_SECONDS
        ? `A transaction of ${oldest?.application || 'an unnamed client'} has been open for ${Math.round(seconds)} s: projections wait behind it.`
        : null;
    return { oldestTransactionSeconds: seconds === null ? null : Math.round(seconds * 10) / 10, application: oldest?.application ?? null, warning };
  }
}
