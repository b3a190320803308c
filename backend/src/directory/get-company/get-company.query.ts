import { type CompanyView, notFound } from '@escrow/domain';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';

import { CompaniesRepository, toCompanyRead } from '../companies.repository';

/** GET /api/company/{id}: a member company's public profile (docs/product.md#company-profile). */
export class GetCompany extends Query<CompanyView> {
  constructor(readonly companyId: number) {
    super();
  }
}

@QueryHandler(GetCompany)
export class GetCompanyHandler implements IQueryHandler<GetCompany> {
  constructor(private readonly companies: CompaniesRepository) {}

  async execute({ companyId }: GetCompany): Promise<CompanyView> {
    const company = await this.companies.byId(companyId);
    if (!company) throw notFound('no_such_company', 'There is no company with that id.');
    return toCompanyRead(company);
  }
}
