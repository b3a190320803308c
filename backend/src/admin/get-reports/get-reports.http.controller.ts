import type { AdminReportsView } from '@escrow/domain';
import { Controller, Get, Query, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { FastifyReply } from 'fastify';

import { sendCsv } from '../../http/csv';
import { Answers, AnswersFile } from '../../http/openapi';
import { Access, AdminRoles, EVERY_ADMIN_ROLE } from '../../identity';
import { GetAdminReports } from './get-reports.query';
import { ReportCsvRequest } from './get-reports.request.dto';
import { reportCsv } from './report-csv';

/** The reports of the admin console: all of them as JSON, or one as a CSV file. */
@Controller('admin')
@Access('admin')
@AdminRoles(...EVERY_ADMIN_ROLE)
export class GetAdminReportsController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('reports')
  @Answers('AdminReportsView')
  reports(): Promise<AdminReportsView> {
    return this.queryBus.execute(new GetAdminReports());
  }

  @Get('reports/csv')
  // An export leaves the system: finance and operations, not support.
  @AdminRoles('finance', 'operations', 'owner')
  @AnswersFile(
    'text/csv',
    'One report of GET /api/admin/reports (report=monthly, held, ageing, disputes, billing-projects or billing-months) as CSV, one line per row.',
  )
  async csv(@Query() query: ReportCsvRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const [filename, csv] = reportCsv(await this.queryBus.execute(new GetAdminReports()), query.report);
    return sendCsv(reply, filename, csv);
  }
}
