import type { CompanyView } from '@escrow/domain';
import { Controller, Get, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';

import { Answers } from '../../http/openapi';
import { SearchCompanies } from './search-companies.query';
import { SearchCompaniesRequest } from './search-companies.request.dto';

/** The public directory's contractor search (docs/product.md#contractor-list). */
@Controller()
export class SearchCompaniesController {
  constructor(private readonly queryBus: QueryBus) {}

  @Answers(['CompanyView'])
  @Get('companies/search')
  search(@Query() query: SearchCompaniesRequest): Promise<CompanyView[]> {
    return this.queryBus.execute(new SearchCompanies(query.state ?? null, query.service ?? null));
  }
}
