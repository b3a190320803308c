import type { ProjectSummary } from '@escrow/domain';
import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';

import { Answers } from '../../http/openapi';
import { Access, CurrentUser, MemberMay,type SessionUser } from '../../identity';
import { ListProjects } from './list-projects.query';

@Controller()
@Access('user')
export class ListProjectsController {
  constructor(private readonly queryBus: QueryBus) {}

  @Answers(['ProjectSummary'])
  @MemberMay('read')
  @Get('projects')
  list(@CurrentUser() user: SessionUser): Promise<ProjectSummary[]> {
    return this.queryBus.execute(new ListProjects(user));
  }
}
