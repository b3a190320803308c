import type { ContractorApplicationView } from '@escrow/domain';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';

import { ApplicationsRepository } from '../applications.repository';

/** GET /api/admin/contractor-applications: pending applications first, newest first within each group. */
export class ListContractorApplications extends Query<ContractorApplicationView[]> {}

@QueryHandler(ListContractorApplications)
export class ListContractorApplicationsHandler implements IQueryHandler<ListContractorApplications> {
  constructor(private readonly applications: ApplicationsRepository) {}

  execute(): Promise<ContractorApplicationView[]> {
    return this.applications.listForAdmin();
  }
}
