import type { AdminPaymentRow } from '@escrow/domain';
import { Controller, Get, Query, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { FastifyReply } from 'fastify';

import { sendCsv, toCsv } from '../../http/csv';
import { Answers } from '../../http/openapi';
import { Access, AdminRoles, EVERY_ADMIN_ROLE } from '../../identity';
import { ListAdminPayments } from './list-payments.query';
import { AdminPaymentsRequest } from './list-payments.request.dto';

/** The payments history of the admin console, as JSON or (format=csv) a file. */
@Controller('admin')
@Access('admin')
@AdminRoles(...EVERY_ADMIN_ROLE)
export class ListAdminPaymentsController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('payments')
  @Answers(['AdminPaymentRow'])
  async payments(@Query() query: AdminPaymentsRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<AdminPaymentRow[] | string> {
    const projectId = query.job_id === undefined ? null : Number(query.job_id);
    const rows = await this.queryBus.execute(
      new ListAdminPayments(query.kind ?? null, query.status ?? null, query.from ?? null, query.to ?? null, projectId, query.party ?? null),
    );
    if (query.format !== 'csv') return rows;
    return sendCsv(
      reply,
      'payments.csv',
      toCsv(
        // A progress-billed project's deposit or payout belongs to no milestone: its milestone_id is empty.
        ['kind', 'id', 'job_id', 'milestone_id', 'amount', 'fee', 'status', 'created_at', 'completed_at', 'party', 'party_role', 'retainage'],
        rows.map((r) => [
          r.kind,
          r.id,
          r.job_id,
          r.progress_billing ? null : r.original_id,
          r.amount,
          r.fee,
          r.status,
          r.created_at,
          r.completed_at,
          r.party,
          r.party_role,
          r.retainage,
        ]),
      ),
    );
  }
}
