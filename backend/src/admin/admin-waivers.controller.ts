import type { MissingWaiverRow } from '@escrow/domain';
import { BadRequestException, Controller, Get, Inject, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { Pool } from 'pg';

import { Answers } from '../http/openapi';
import { Access, AdminRoles, EVERY_ADMIN_ROLE } from '../identity';
import { PG_POOL } from '../infrastructure/database/database.tokens';
import { sendCsv, toCsv } from './csv';

/** Lien waivers across every project, for the admins. */
@Controller('admin')
@Access('admin')
@AdminRoles(...EVERY_ADMIN_ROLE)
export class AdminWaiversController {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  /**
   * Every lien waiver still missing, oldest first: conditional ones hold their payment back,
   * unconditional ones were never recorded for a payment that went out. JSON or CSV.
   */
  @Answers(['MissingWaiverRow'])
  @Get('reports/missing-waivers')
  async missing(@Query('format') format: unknown, @Res({ passthrough: true }) reply: FastifyReply) {
    if (format !== undefined && format !== 'csv' && format !== 'json') throw new BadRequestException('format is csv or json.');
    const { rows } = await this.pool.query<MissingWaiverRow>(
      `SELECT w.job_id, w.original_id, coalesce(nullif(m.title, ''), 'Whole Project Milestone') AS milestone_title, w.payment, w.mp_id, w.company_id,
              c.name AS company_name, w.kind, w.amount::text AS amount, w.site_state, w.due_since,
              round(extract(epoch FROM (now() - w.due_since)) / 86400, 1)::float8 AS days_waiting
         FROM milestone_waivers w JOIN milestones m USING (original_id) LEFT JOIN companies c ON c.company_id = w.company_id
        WHERE w.status = 'missing' ORDER BY w.due_since, w.original_id, w.mp_id, w.kind LIMIT 5000`,
    );
    if (format === 'csv') {
      return sendCsv(
        reply,
        'missing-lien-waivers.csv',
        toCsv(
          ['job_id', 'milestone_id', 'milestone', 'payment', 'mp_id', 'company', 'kind', 'amount', 'state', 'due_since', 'days_waiting'],
          rows.map((r) => [
            r.job_id,
            r.original_id,
            r.milestone_title,
            r.payment,
            r.mp_id,
            r.company_name,
            r.kind,
            r.amount,
            r.site_state,
            r.due_since,
            r.days_waiting,
          ]),
        ),
      );
    }
    return rows;
  }
}
