import type { PayApplicationView } from '@escrow/domain';
import { Controller, Get, Param, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { FastifyReply } from 'fastify';

import { sendCsv } from '../../http/csv';
import { AnswersFile } from '../../http/openapi';
import { ParseIdPipe } from '../../http/parse-id.pipe';
import { Access, CurrentUser, MemberMay, type SessionUser } from '../../identity';
import { GetPayApplication } from '../get-pay-applications/get-pay-applications.query';
import { continuationSheetCsv } from './continuation-sheet.csv';
import type * as PayApplicationPdf from './pay-application.pdf';

const namesOf = (view: PayApplicationView) => new Map(view.payee_names.map((p) => [p.company_id, p.name]));

/** A pay application as files: its continuation sheet as CSV, and the application with its certificate as a PDF. */
@Controller()
@Access('user')
export class GetPayApplicationDocumentsController {
  constructor(private readonly queryBus: QueryBus) {}

  @AnswersFile('text/csv', 'The continuation sheet (G703 columns) of the pay application, one line per line of the schedule and a totals line.')
  @Get('job/:id/pay-applications/:number/csv')
  @MemberMay('read')
  async csv(
    @Param('id', ParseIdPipe) projectId: number,
    @Param('number', ParseIdPipe) applicationNumber: number,
    @CurrentUser() user: SessionUser,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const view = await this.view(user, projectId, applicationNumber);
    const csv = continuationSheetCsv(view, namesOf(view));
    return sendCsv(reply, `project-${projectId}-pay-application-${applicationNumber}.csv`, csv);
  }

  @AnswersFile('application/pdf', 'The pay application and its certificate: a summary page (lines 1 to 9, each payee) and the continuation sheet.')
  @Get('job/:id/pay-applications/:number/pdf')
  @MemberMay('read')
  async pdf(
    @Param('id', ParseIdPipe) projectId: number,
    @Param('number', ParseIdPipe) applicationNumber: number,
    @CurrentUser() user: SessionUser,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    const view = await this.view(user, projectId, applicationNumber);
    // Loaded on the first PDF asked for: pdf-lib took about 50 ms of every start.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { payApplicationPdf } = require('./pay-application.pdf') as typeof PayApplicationPdf;
    const bytes = await payApplicationPdf(view, { project: `Project ${projectId}`, companies: namesOf(view) });
    reply.header('content-type', 'application/pdf');
    reply.header('content-disposition', `attachment; filename="project-${projectId}-pay-application-${applicationNumber}.pdf"`);
    return Buffer.from(bytes);
  }

  private view(user: SessionUser, projectId: number, applicationNumber: number): Promise<PayApplicationView> {
    return this.queryBus.execute(new GetPayApplication(user, projectId, applicationNumber));
  }
}
