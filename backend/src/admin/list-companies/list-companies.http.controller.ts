import type { AdminCompanyRow } from '@escrow/domain';
import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';

import { Answers } from '../../http/openapi';
import { Access, AdminRoles, EVERY_ADMIN_ROLE } from '../../identity';
import { ListAdminCompanies } from './list-companies.query';

@Controller('admin')
@Access('admin')
@AdminRoles(...EVERY_ADMIN_ROLE)
export class ListAdminCompaniesController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('companies')
  @Answers(['AdminCompanyRow'])
  list(): Promise<AdminCompanyRow[]> {
    return this.queryBus.execute(new ListAdminCompanies());
  }
}
