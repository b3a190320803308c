import type { AdminDisputeRow } from '@escrow/domain';
import { Controller, Get, Query as QueryParam } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';

import { invalidParam } from '../../http/api-refusal';
import { Answers } from '../../http/openapi';
import { Access, AdminRoles, EVERY_ADMIN_ROLE } from '../../identity';
import { ListDisputes } from './list-disputes.query';

@Controller('admin')
@Access('admin')
@AdminRoles(...EVERY_ADMIN_ROLE)
export class ListDisputesController {
  constructor(private readonly queryBus: QueryBus) {}

  @Answers(['AdminDisputeRow'])
  @Get('disputes')
  list(@QueryParam('status') status: unknown): Promise<AdminDisputeRow[]> {
    if (status !== undefined && status !== 'open' && status !== 'resolved') throw invalidParam('status', 'status is open or resolved.');
    return this.queryBus.execute(new ListDisputes(status));
  }
}
