import type { ProjectPayments } from '@escrow/domain';
import { Controller, Get, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';

import { Answers } from '../../http/openapi';
import { ParseIdPipe } from '../../http/parse-id.pipe';
import { Access, CurrentUser, MemberMay,type SessionUser } from '../../identity';
import { GetProjectPayments } from './get-project-payments.query';

@Controller()
@Access('user')
export class GetProjectPaymentsController {
  constructor(private readonly queryBus: QueryBus) {}

  /** /portal/job/{id}/payment-release */
  @Answers('ProjectPayments')
  @MemberMay('read')
  @Get('job/:id/payments')
  get(@Param('id', ParseIdPipe) projectId: number, @CurrentUser() user: SessionUser): Promise<ProjectPayments> {
    return this.queryBus.execute(new GetProjectPayments(user, projectId));
  }
}
