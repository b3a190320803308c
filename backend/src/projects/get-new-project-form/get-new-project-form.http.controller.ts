import type { NewProjectForm } from '@escrow/domain';
import { Controller, Get, Query as QueryParam } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';

import { invalidParam } from '../../http/api-refusal';
import { Answers } from '../../http/openapi';
import { Access, CurrentUser, MemberMay, type SessionUser } from '../../identity';
import { GetNewProjectForm } from './get-new-project-form.query';

@Controller()
@Access('user')
export class GetNewProjectFormController {
  constructor(private readonly queryBus: QueryBus) {}

  @Answers('NewProjectForm')
  @MemberMay('read')
  @Get('forms/jobs/new-job-form')
  form(@QueryParam('customer') customer: unknown, @CurrentUser() user: SessionUser): Promise<NewProjectForm> {
    if (customer !== undefined && customer !== 'true' && customer !== 'false') throw invalidParam('customer', 'customer must be true or false.');
    return this.queryBus.execute(new GetNewProjectForm(user, customer === 'true'));
  }
}
