import { BadRequestException, Controller, Get, Query as QueryParam } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';

import { Access, CurrentUser, type SessionUser } from '../../identity';
import { GetNewProjectForm } from './get-new-project-form.query';

@Controller()
@Access('user')
export class GetNewProjectFormController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('forms/jobs/new-job-form')
  form(@QueryParam('customer') customer: unknown, @CurrentUser() user: SessionUser) {
    if (customer !== undefined && customer !== 'true' && customer !== 'false') throw new BadRequestException('customer must be true or false.');
    return this.queryBus.execute(new GetNewProjectForm(user, customer === 'true'));
  }
}
