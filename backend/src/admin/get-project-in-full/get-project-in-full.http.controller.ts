import type { AdminJobView } from '@escrow/domain';
import { Controller, Get, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';

import { Answers } from '../../http/openapi';
import { ParseIdPipe } from '../../http/parse-id.pipe';
import { Access, AdminRoles, EVERY_ADMIN_ROLE } from '../../identity';
import { GetProjectInFull } from './get-project-in-full.query';

@Controller('admin')
@Access('admin')
@AdminRoles(...EVERY_ADMIN_ROLE)
export class GetProjectInFullController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('job/:id')
  @Answers('AdminJobView')
  get(@Param('id', ParseIdPipe) projectId: number): Promise<AdminJobView> {
    return this.queryBus.execute(new GetProjectInFull(projectId));
  }
}
