import type { ServiceName } from '@escrow/domain';
import { Controller, Get, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';

import { Answers } from '../../http/openapi';
import { ParseIdPipe } from '../../http/parse-id.pipe';
import { GetCompanyServices } from './get-company-services.query';

@Controller()
export class GetCompanyServicesController {
  constructor(private readonly queryBus: QueryBus) {}

  @Answers(['ServiceName'])
  @Get('company/services/:id')
  get(@Param('id', ParseIdPipe) id: number): Promise<ServiceName[]> {
    return this.queryBus.execute(new GetCompanyServices(id));
  }
}
