import type { ContractorApplicationView } from '@escrow/domain';
import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';

import { Answers } from '../../http/openapi';
import { Access, AdminRoles, EVERY_ADMIN_ROLE } from '../../identity';
import { ListContractorApplications } from './list-contractor-applications.query';

@Controller()
export class ListContractorApplicationsController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('admin/contractor-applications')
  @Access('admin')
  @AdminRoles(...EVERY_ADMIN_ROLE)
  @Answers(['ContractorApplicationView'])
  list(): Promise<ContractorApplicationView[]> {
    return this.queryBus.execute(new ListContractorApplications());
  }
}
