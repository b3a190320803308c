import type { AsOfView } from '@escrow/domain';
import { Controller, Get, Param, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';

import { Answers } from '../../http/openapi';
import { ParseIdPipe } from '../../http/parse-id.pipe';
import { Access, AdminRoles, EVERY_ADMIN_ROLE } from '../../identity';
import { GetProjectAsOf } from './get-project-as-of.query';
import { ProjectAsOfRequest } from './get-project-as-of.request.dto';

@Controller('admin')
@Access('admin')
@AdminRoles(...EVERY_ADMIN_ROLE)
export class GetProjectAsOfController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('job/:id/as-of')
  @Answers('AsOfView')
  get(@Param('id', ParseIdPipe) projectId: number, @Query() query: ProjectAsOfRequest): Promise<AsOfView> {
    return this.queryBus.execute(new GetProjectAsOf(projectId, query.at));
  }
}
