import type { ProjectSummary } from '@escrow/domain';
import { Controller, Get, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';

import { Answers } from '../../http/openapi';
import { Access, AdminRoles, EVERY_ADMIN_ROLE } from '../../identity';
import { SearchAdminProjects } from './search-projects.query';
import { AdminProjectSearchRequest } from './search-projects.request.dto';

@Controller('admin')
@Access('admin')
@AdminRoles(...EVERY_ADMIN_ROLE)
export class SearchAdminProjectsController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('projects')
  @Answers(['ProjectSummary'])
  get(@Query() query: AdminProjectSearchRequest): Promise<ProjectSummary[]> {
    return this.queryBus.execute(new SearchAdminProjects(query.search?.trim() || null));
  }
}
