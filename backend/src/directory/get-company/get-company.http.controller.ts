import type { CompanyView } from '@escrow/domain';
import { Controller, Get, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';

import { Answers } from '../../http/openapi';
import { ParseIdPipe } from '../../http/parse-id.pipe';
import { GetCompany } from './get-company.query';

@Controller()
export class GetCompanyController {
  constructor(private readonly queryBus: QueryBus) {}

  @Answers('CompanyView')
  @Get('company/:id')
  get(@Param('id', ParseIdPipe) id: number): Promise<CompanyView> {
    return this.queryBus.execute(new GetCompany(id));
  }
}
