import type { ServiceView } from '@escrow/domain';
import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';

import { Answers } from '../../http/openapi';
import { ListServices } from './list-services.query';

@Controller()
export class ListServicesController {
  constructor(private readonly queryBus: QueryBus) {}

  @Answers(['ServiceView'])
  @Get('services')
  list(): Promise<ServiceView[]> {
    return this.queryBus.execute(new ListServices());
  }
}
