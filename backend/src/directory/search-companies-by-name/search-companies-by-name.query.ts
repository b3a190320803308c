import { type CompanyNameMatch, invalid } from '@escrow/domain';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';

import { CompaniesRepository } from '../companies.repository';

/** GET /api/companies/search/{text}: the seller search of the new-project screen (docs/product.md#api-calls), companies whose name contains the text. */
export class SearchCompaniesByName extends Query<CompanyNameMatch[]> {
  constructor(
    readonly text: string,
    readonly excludeCompanyId: number | null,
  ) {
    super();
  }
}

@QueryHandler(SearchCompaniesByName)
export class SearchCompaniesByNameHandler implements IQueryHandler<SearchCompaniesByName> {
  constructor(private readonly companies: CompaniesRepository) {}

  async execute({ text, excludeCompanyId }: SearchCompaniesByName): Promise<CompanyNameMatch[]> {
    const needle = text.trim();
    if (!needle) throw invalid('search_text_missing', 'Type part of the company name to search.');
    if (needle.length > 100) throw invalid('search_text_too_long', 'Search text is too long.');
    return this.companies.byNameContaining(needle, excludeCompanyId);
  }
}
