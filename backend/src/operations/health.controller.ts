import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { EventStore } from '@escrow/domain';
import { formatPosition } from '@escrow/domain';
import { ProjectionRunner } from '@escrow/projections';
import type { Pool } from 'pg';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import { PG_POOL } from '../infrastructure/database/database.tokens';

/**
 * 200 while the database answers (status "degraded" when a projector is stopped or the event
 * store is down), 503 when the database does not: load balancers and operators read this.
 */
@Controller('health')
export class HealthController {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    private readonly runner: ProjectionRunner,
  ) {}

  @Get()
  async health(@Res({ passthrough: true }) reply: FastifyReply) {
    const started = Date.now();
    try {
      await this.pool.query('SELECT 1');
    } catch (error) {
      reply.status(503);
      return { status: 'down', database: { status: 'down', error: (error as Error).message } };
    }
    const database = { status: 'up', latencyMs: Date.now() - started };
    const [store, projectors] = await Promise.all([
      this.eventStore.health(),
      this.runner.status().catch((error: Error) => ({ error: error.message })),
    ]);
    const projectorList = Array.isArray(projectors)
      ? projectors.map((p) => ({ name: p.name, state: p.state, position: p.position, lagEvents: p.lagEvents, lagSeconds: p.lagSeconds, error: p.error }))
      : [];
    const degraded = store.status !== 'up' || !Array.isArray(projectors) || projectorList.some((p) => p.state === 'stopped');
    return {
      status: degraded ? 'degraded' : 'ok',
      database,
      eventStore: { status: store.status, kind: store.kind, headPosition: formatPosition(store.headPosition), error: store.error },
      projectors: projectorList,
    };
  }
}
