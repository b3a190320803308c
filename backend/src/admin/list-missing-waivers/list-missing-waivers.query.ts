import type { MissingWaiverRow } from '@escrow/domain';
import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { Pool } from 'pg';

import { PG_POOL } from '../../infrastructure/database/database.tokens';

/**
 * GET /api/admin/reports/missing-waivers: every lien waiver still missing across every project,
 * oldest first: conditional ones hold their payment back, unconditional ones were never recorded
 * for a payment that went out.
 */
export class ListMissingWaivers extends Query<MissingWaiverRow[]> {}

@QueryHandler(ListMissingWaivers)
export class ListMissingWaiversHandler implements IQueryHandler<ListMissingWaivers> {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async execute(): Promise<MissingWaiverRow[]> {
    const { rows } = await this.pool.query<MissingWaiverRow>(
      `SELECT w.job_id, w.original_id, coalesce(nullif(m.title, ''), 'Whole Project Milestone') AS milestone_title, w.payment, w.mp_id, w.company_id,
              c.name AS company_name, w.kind, w.amount::text AS amount, w.site_state, w.due_since,
              round(extract(epoch FROM (now() - w.due_since)) / 86400, 1)::float8 AS days_waiting
         FROM milestone_waivers w JOIN milestones m USING (original_id) LEFT JOIN companies c ON c.company_id = w.company_id
        WHERE w.status = 'missing' ORDER BY w.due_since, w.original_id, w.mp_id, w.kind LIMIT 5000`,
    );
    return rows;
  }
}
