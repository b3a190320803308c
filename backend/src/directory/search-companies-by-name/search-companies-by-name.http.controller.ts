import type { CompanyNameMatch } from '@escrow/domain';
import { Controller, Get, Param, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';

import { Answers } from '../../http/openapi';
import { Access, CurrentUser, MemberMay,type SessionUser } from '../../identity';
import { SearchCompaniesByName } from './search-companies-by-name.query';
import { SearchCompaniesByNameRequest } from './search-companies-by-name.request.dto';

@Controller()
export class SearchCompaniesByNameController {
  constructor(private readonly queryBus: QueryBus) {}

  @Answers(['CompanyNameMatch'])
  @MemberMay('read')
  @Get('companies/search/:text')
  @Access('user')
  search(@Param('text') text: string, @Query() query: SearchCompaniesByNameRequest, @CurrentUser() user: SessionUser): Promise<CompanyNameMatch[]> {
    return this.queryBus.execute(new SearchCompaniesByName(text, query.exclude_current_user === 'true' ? user.companyId : null));
  }
}
