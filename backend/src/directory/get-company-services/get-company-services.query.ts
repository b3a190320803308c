import { notFound, type ServiceName } from '@escrow/domain';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';

import { CompaniesRepository } from '../companies.repository';

/** GET /api/company/services/{id}: the services a company offers, by name. */
export class GetCompanyServices extends Query<ServiceName[]> {
  constructor(readonly companyId: number) {
    super();
  }
}

@QueryHandler(GetCompanyServices)
export class GetCompanyServicesHandler implements IQueryHandler<GetCompanyServices> {
  constructor(private readonly companies: CompaniesRepository) {}

  async execute({ companyId }: GetCompanyServices): Promise<ServiceName[]> {
    if (!(await this.companies.exists(companyId))) throw notFound('no_such_company', 'There is no company with that id.');
    return this.companies.servicesOf(companyId);
  }
}
