import type { MissingWaiverRow } from '@escrow/domain';
import { Controller, Get, Query, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { FastifyReply } from 'fastify';

import { sendCsv, toCsv } from '../../http/csv';
import { Answers } from '../../http/openapi';
import { Access, AdminRoles, EVERY_ADMIN_ROLE } from '../../identity';
import { ListMissingWaivers } from './list-missing-waivers.query';
import { MissingWaiversRequest } from './list-missing-waivers.request.dto';

/** Lien waivers missing across every project, for the admins: JSON or (format=csv) a file. */
@Controller('admin')
@Access('admin')
@AdminRoles(...EVERY_ADMIN_ROLE)
export class ListMissingWaiversController {
  constructor(private readonly queryBus: QueryBus) {}

  @Answers(['MissingWaiverRow'])
  @Get('reports/missing-waivers')
  async missing(@Query() query: MissingWaiversRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<MissingWaiverRow[] | string> {
    const rows = await this.queryBus.execute(new ListMissingWaivers());
    if (query.format !== 'csv') return rows;
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
}
