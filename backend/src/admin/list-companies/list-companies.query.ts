import type { AdminCompanyRow } from '@escrow/domain';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';

import { type AdminCompanyRow as CompanyListRow, CompaniesRepository } from '../../directory';

// The repository hands back the database's Dates; the contract speaks the ISO strings JSON made of them.
const toAdminCompanyRow = (row: CompanyListRow): AdminCompanyRow => ({ ...row, created_at: row.created_at.toISOString() });

/** GET /api/admin/companies: every company with its services and how many users act for it. */
export class ListAdminCompanies extends Query<AdminCompanyRow[]> {}

@QueryHandler(ListAdminCompanies)
export class ListAdminCompaniesHandler implements IQueryHandler<ListAdminCompanies> {
  constructor(private readonly companies: CompaniesRepository) {}

  async execute(): Promise<AdminCompanyRow[]> {
    return (await this.companies.listForAdmin()).map(toAdminCompanyRow);
  }
}
