import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';

import { Answers } from '../../http/openapi';
import { Access, AdminRoles, EVERY_ADMIN_ROLE } from '../../identity';
import { ListRetainageDisputes } from './list-retainage-disputes.query';

@Controller('admin')
@Access('admin')
@AdminRoles(...EVERY_ADMIN_ROLE)
export class ListRetainageDisputesController {
  constructor(private readonly queryBus: QueryBus) {}

  @Answers(['RetainageDisputeRow'])
  @Get('retainage-disputes')
  handle() {
    return this.queryBus.execute(new ListRetainageDisputes());
  }
}
