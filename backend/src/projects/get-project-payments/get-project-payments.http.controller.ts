import { Controller, Get, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';

import { ParseIdPipe } from '../../http/parse-id.pipe';
import { Access, CurrentUser, type SessionUser } from '../../identity';
import { GetProjectPayments } from './get-project-payments.query';

@Controller()
@Access('user')
export class GetProjectPaymentsController {
  constructor(private readonly queryBus: QueryBus) {}

  /** /portal/job/{id}/payment-release */
  @Get('job/:id/payments')
  get(@Param('id', ParseIdPipe) jobId: number, @CurrentUser() user: SessionUser) {
    return this.queryBus.execute(new GetProjectPayments(user, jobId));
  }
}
