import type { ProjectSummary } from '@escrow/domain';
import { Controller, Get, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';

import { Answers } from '../../http/openapi';
import { ParseIdPipe } from '../../http/parse-id.pipe';
import { Access, CurrentUser, MemberMay,type SessionUser } from '../../identity';
import { GetProject } from './get-project.query';

@Controller()
@Access('user')
export class GetProjectController {
  constructor(private readonly queryBus: QueryBus) {}

  @Answers('ProjectSummary')
  @MemberMay('read')
  @Get('job/:id')
  get(@Param('id', ParseIdPipe) projectId: number, @CurrentUser() user: SessionUser): Promise<ProjectSummary> {
    return this.queryBus.execute(new GetProject(user, projectId));
  }
}
