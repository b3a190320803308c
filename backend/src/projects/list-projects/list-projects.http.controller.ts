import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';

import { Access, CurrentUser, type SessionUser } from '../../identity';
import { ListProjects } from './list-projects.query';

@Controller()
@Access('user')
export class ListProjectsController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('projects')
  list(@CurrentUser() user: SessionUser) {
    return this.queryBus.execute(new ListProjects(user));
  }
}
