import type { ServiceView } from '@escrow/domain';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';

import { CompaniesRepository } from '../companies.repository';

/** GET /api/services: every service anyone may choose, by name. */
export class ListServices extends Query<ServiceView[]> {}

@QueryHandler(ListServices)
export class ListServicesHandler implements IQueryHandler<ListServices> {
  constructor(private readonly companies: CompaniesRepository) {}

  execute(): Promise<ServiceView[]> {
    return this.companies.allServices();
  }
}
