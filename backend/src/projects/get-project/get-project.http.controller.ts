import { Controller, Get, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';

import { ParseIdPipe } from '../../http/parse-id.pipe';
import { Access, CurrentUser, type SessionUser } from '../../identity';
import { GetProject } from './get-project.query';

@Controller()
@Access('user')
export class GetProjectController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('job/:id')
  get(@Param('id', ParseIdPipe) jobId: number, @CurrentUser() user: SessionUser) {
    return this.queryBus.execute(new GetProject(user, jobId));
  }
}
