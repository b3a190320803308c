import { Controller, Get, HttpCode, Inject } from '@nestjs/common';
import type { Pool } from 'pg';
import { PG_POOL } from '../infrastructure/database/database.tokens';

@Controller('health')
export class HealthController {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  @Get()
  @HttpCode(200)
  async health() {
    const started = Date.now();
    let database: { status: 'up' | 'down'; latencyMs?: number; error?: string };
    try {
      await this.pool.query('SELECT 1');
      database = { status: 'up', latencyMs: Date.now() - started };
    } catch (error) {
      database = { status: 'down', error: (error as Error).message };
    }
    return { status: database.status === 'up' ? 'ok' : 'degraded', database };
  }
}
