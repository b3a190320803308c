import type { ReadinessView } from '@escrow/domain';
import { ProjectionRunner, readAllCheckpoints } from '@escrow/projections';
import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { Pool } from 'pg';
import { DataSource } from 'typeorm';

import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.tokens';
import { PG_POOL } from '../../infrastructure/database/database.tokens';
import { withTimeout } from '../../infrastructure/with-timeout';

/**
 * GET /api/health/ready: the database answers, every migration this code knows is applied (a
 * process started against an older schema, or whose migration failed, must get no traffic), and
 * no projector this process runs is stopped. Cheap enough for a probe every few seconds: three
 * small queries, no counting of events.
 */
export class CheckReadiness extends Query<ReadinessView> {}

/** A probe is answered within this, ready or not (orchestrators' probes time out after a few seconds). */
const READINESS_TIMEOUT_MS = 2_000;

@QueryHandler(CheckReadiness)
export class CheckReadinessHandler implements IQueryHandler<CheckReadiness> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly dataSource: DataSource,
    private readonly runner: ProjectionRunner,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Always the documented shape, within READINESS_TIMEOUT_MS: a database that stops answering
   * between the checks (or never answers a connection) makes the process not ready; it is never
   * an error body a probe cannot read.
   */
  async execute(): Promise<ReadinessView> {
    try {
      return await withTimeout(this.check(), READINESS_TIMEOUT_MS);
    } catch (error) {
      return {
        status: 'not_ready',
        checks: { database: 'down', migrations: 'unknown', projectors: 'unknown' },
        reasons: [`The database does not answer: ${(error as Error).message}`],
      };
    }
  }

  private async check(): Promise<ReadinessView> {
    const reasons: string[] = [];
    await this.pool.query('SELECT 1');
    const migrations = await this.pendingMigrations();
    if (migrations.length > 0) reasons.push(`Migrations not applied: ${migrations.join(', ')}.`);
    const projectors = await this.projectorsCheck();
    if (projectors.stopped.length > 0) reasons.push(`Projectors stopped: ${projectors.stopped.join(', ')} (see the Operations page).`);
    return {
      status: reasons.length === 0 ? 'ready' : 'not_ready',
      checks: { database: 'up', migrations: migrations.length > 0 ? 'pending' : 'applied', projectors: projectors.state },
      reasons,
    };
  }

  private async pendingMigrations(): Promise<string[]> {
    const table = this.dataSource.options.migrationsTableName ?? 'migrations';
    const { rows } = await this.pool.query<{ name: string }>(`SELECT name FROM ${table}`);
    const applied = new Set(rows.map((r) => r.name));
    return this.dataSource.migrations.map((m) => m.name ?? m.constructor.name).filter((name) => !applied.has(name));
  }

  private async projectorsCheck(): Promise<{ state: ReadinessView['checks']['projectors']; stopped: string[] }> {
    if (!this.config.runProjections) return { state: 'not run here', stopped: [] };
    const ours = new Set(this.runner.projectors.map((p) => p.name));
    const stopped = (await readAllCheckpoints(this.pool)).filter((c) => ours.has(c.name) && c.state === 'stopped').map((c) => c.name);
    return { state: stopped.length > 0 ? 'stopped' : 'running', stopped };
  }
}
