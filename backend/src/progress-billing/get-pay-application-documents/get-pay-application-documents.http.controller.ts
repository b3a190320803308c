import type { PayApplicationView } from '@escrow/domain';
import { Controller, Get, Param, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { FastifyReply } from 'fastify';

import { DirectoryService } from '../../directory';
import { sendCsv } from '../../http/csv';
import { AnswersFile } from '../../http/openapi';
import { ParseIdPipe } from '../../http/parse-id.pipe';
import { Access, CurrentUser, MemberMay, type SessionUser } from '../../identity';
import { GetPayApplication } from '../get-pay-applications/get-pay-applications.query';
import { continuationSheetCsv } from './continuation-sheet.csv';
import { payApplicationPdf } from './pay-application.pdf';

/** A pay application as files: its continuation sheet as CSV, and the application with its certificate as a PDF. */
@Controller()
@Access('user')
export class GetPayApplicationDocumentsController {
  constructor(
    private readonly queryBus: QueryBus,
    private readonly directory: DirectoryService,
  ) {}

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
    const csv = continuationSheetCsv(view, await this.directory.companyNames(view.lines.map((l) => l.payee_id)));
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
    const companies = await this.directory.companyNames([...view.lines.map((l) => l.payee_id), ...view.payees.map((p) => p.payee_id)]);
    const bytes = await payApplicationPdf(view, { project: `Project ${projectId}`, companies });
    reply.header('content-type', 'application/pdf');
    reply.header('content-disposition', `attachment; filename="project-${projectId}-pay-application-${applicationNumber}.pdf"`);
    return Buffer.from(bytes);
  }

  private view(user: SessionUser, projectId: number, applicationNumber: number): Promise<PayApplicationView> {
    return this.queryBus.execute(new GetPayApplication(user, projectId, applicationNumber));
  }
}
