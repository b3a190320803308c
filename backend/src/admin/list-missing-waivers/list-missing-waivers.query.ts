import type { MissingWaiverRow } from '@escrow/domain';
import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { Pool } from 'pg';

import { PG_POOL } from '../../infrastructure/database/database.tokens';

/**
 * GET /api/admin/reports/missing-waivers: every lien waiver still missing across every project,
 * oldest first, milestones' payments and progress-billed payouts alike: conditional ones hold
 * their payment back, unconditional ones were never recorded for a payment that went out.
 */
export class ListMissingWaivers extends Query<MissingWaiverRow[]> {}

@QueryHandler(ListMissingWaivers)
export class ListMissingWaiversHandler implements IQueryHandler<ListMissingWaivers> {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async execute(): Promise<MissingWaiverRow[]> {
    // A progress-billed project's payouts (the project as original_id, the payout as mp_id) from
    // its folded billing state: a conditional waiver is missing while its payout waits, an
    // unconditional one once it was paid without one.
    const { rows } = await this.pool.query<MissingWaiverRow>(
      `SELECT * FROM (
         SELECT w.job_id, w.original_id, coalesce(nullif(m.title, ''), 'Whole Project Milestone') AS milestone_title, w.payment, w.mp_id, w.company_id,
                c.name AS company_name, w.kind, w.amount::text AS amount, w.site_state, w.due_since,
                round(extract(epoch FROM (now() - w.due_since)) / 86400, 1)::float8 AS days_waiting
           FROM milestone_waivers w JOIN milestones m USING (original_id) LEFT JOIN companies c ON c.company_id = w.company_id
          WHERE w.status = 'missing'
         UNION ALL
         SELECT b.job_id, b.job_id AS original_id,
                CASE WHEN p->'payment'->>'kind' = 'application' THEN 'Pay application ' || (p->'payment'->>'applicationNumber')
                     ELSE 'Retainage release ' || (p->'payment'->>'releaseNumber') END AS milestone_title,
                CASE WHEN p->'payment'->>'kind' = 'application' THEN 'progress_payment' ELSE 'progress_retainage' END AS payment,
                (p->>'payoutId')::int AS mp_id, (p->>'payeeId')::int AS company_id, c.name AS company_name, k.kind, p->>'amount' AS amount,
                p->>'lienWaiverState' AS site_state, d.due_since,
                round(extract(epoch FROM (now() - d.due_since)) / 86400, 1)::float8 AS days_waiting
           FROM billing_schedules b
           CROSS JOIN LATERAL jsonb_array_elements(b.state->'payouts') p
           CROSS JOIN LATERAL (VALUES ('conditional'), ('unconditional')) k(kind)
           CROSS JOIN LATERAL (SELECT (CASE WHEN k.kind = 'conditional' THEN p->>'fundedAt' ELSE p->'paid'->>'at' END)::timestamptz AS due_since) d
           LEFT JOIN companies c ON c.company_id = (p->>'payeeId')::int
          WHERE coalesce(p->>'lienWaiverState', '') <> ''
            AND (k.kind = 'conditional') = (jsonb_typeof(p->'paid') IS DISTINCT FROM 'object')
            AND NOT coalesce(p->'waivers', '[]'::jsonb) @> jsonb_build_array(jsonb_build_object('kind', k.kind))
       ) missing ORDER BY due_since, original_id, mp_id, kind LIMIT 5000`,
    );
    return rows;
  }
}
