import type { AdminReportsView, AgeingRow, DisputeOutcomeRow, HeldOnDayRow } from '@escrow/domain';
import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { Pool } from 'pg';

import { PG_POOL } from '../../infrastructure/database/database.tokens';
import { iso, isoOrNull, monthlyMoney, type Read } from '../money-rows';
import { billingReport } from './billing-report';

/** GET /api/admin/reports: monthly money, funds held over time, milestone ageing, disputes and progress billing. */
export class GetAdminReports extends Query<AdminReportsView> {}

@QueryHandler(GetAdminReports)
export class GetAdminReportsHandler implements IQueryHandler<GetAdminReports> {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async execute(): Promise<AdminReportsView> {
    const monthly = await monthlyMoney(this.pool, 12);
    const { rows: heldOverTime } = await this.pool.query<HeldOnDayRow>(
      `SELECT to_char(d, 'YYYY-MM-DD') AS day, coalesce((SELECT sum(amount) FROM ledger_entries WHERE account = 'escrow' AND occurred_at < d + interval '1 day'), 0)::numeric(20,2)::text AS held
         FROM generate_series(date_trunc('day', now()) - interval '89 days', date_trunc('day', now()), interval '1 day') AS d ORDER BY d`,
    );
    const { rows: ageing } = await this.pool.query<Read<AgeingRow, 'created_at' | 'agreed_at' | 'funded_at' | 'completed_at' | 'closed_at'>>(
      // A milestone refunded or split by a dispute never completes: it closes when that last event lands.
      `SELECT original_id, job_id, title, status, created_at, agreed_at, funded_at, completed_at, closed_at,
              round(extract(epoch FROM (coalesce(funded_at, now()) - agreed_at)) / 86400, 1) AS days_approval_to_deposit,
              round(extract(epoch FROM (coalesce(closed_at, now()) - funded_at)) / 86400, 1) AS days_deposit_to_completion
         FROM (SELECT m.*, coalesce(m.completed_at, CASE WHEN m.status IN ('Refunded', 'Split') THEN m.updated_at END) AS closed_at FROM milestones m) m
        WHERE agreed_at IS NOT NULL ORDER BY agreed_at`,
    );
    const { rows: disputes } = await this.pool.query<DisputeOutcomeRow>(
      `SELECT coalesce(resolution, 'open') AS outcome, count(*)::int AS count, coalesce(sum(refund_amount), 0)::numeric(20,2)::text AS refunded,
              coalesce(sum(release_amount), 0)::numeric(20,2)::text AS released,
              round(avg(extract(epoch FROM (resolved_at - opened_at)) / 86400), 1) AS avg_days_to_resolve
         FROM milestone_disputes GROUP BY coalesce(resolution, 'open') ORDER BY 1`,
    );
    const billing = await billingReport(this.pool);
    return {
      monthly,
      held_over_time: heldOverTime,
      ageing: ageing.map((a) => ({
        ...a,
        created_at: iso(a.created_at),
        agreed_at: iso(a.agreed_at),
        funded_at: isoOrNull(a.funded_at),
        completed_at: isoOrNull(a.completed_at),
        closed_at: isoOrNull(a.closed_at),
      })),
      disputes,
      billing_by_project: billing.byProject,
      billing_by_month: billing.byMonth,
    };
  }
}
