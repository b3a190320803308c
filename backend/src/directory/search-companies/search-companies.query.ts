import type { CompanyView } from '@escrow/domain';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';

import { CompaniesRepository, toCompanyRead } from '../companies.repository';

/** GET /api/companies/search: member contractors by state and service, both optional, sorted by name (docs/product.md#sorting). */
export class SearchCompanies extends Query<CompanyView[]> {
  constructor(
    readonly state: string | null,
    readonly service: string | null,
  ) {
    super();
  }
}

@QueryHandler(SearchCompanies)
export class SearchCompaniesHandler implements IQueryHandler<SearchCompanies> {
  constructor(private readonly companies: CompaniesRepository) {}

  async execute({ state, service }: SearchCompanies): Promise<CompanyView[]> {
    return (await this.companies.search(state, service)).map(toCompanyRead);
  }
}
