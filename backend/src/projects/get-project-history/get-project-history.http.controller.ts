import type { ProjectHistoryEntry } from '@escrow/domain';
import { Controller, Get, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';

import { Answers } from '../../http/openapi';
import { ParseIdPipe } from '../../http/parse-id.pipe';
import { Access, CurrentUser, MemberMay,type SessionUser } from '../../identity';
import { GetProjectHistory } from './get-project-history.query';

@Controller()
@Access('user')
export class GetProjectHistoryController {
  constructor(private readonly queryBus: QueryBus) {}

  @Answers(['ProjectHistoryEntry'])
  @MemberMay('read')
  @Get('job/:id/history')
  get(@Param('id', ParseIdPipe) projectId: number, @CurrentUser() user: SessionUser): Promise<ProjectHistoryEntry[]> {
    return this.queryBus.execute(new GetProjectHistory(user, projectId));
  }
}
