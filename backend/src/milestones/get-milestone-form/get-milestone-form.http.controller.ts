import { Controller, Get, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';

import { Answers } from '../../http/openapi';
import { ParseIdPipe } from '../../http/parse-id.pipe';
import { Access, CurrentUser, MemberMay,type SessionUser } from '../../identity';
import { GetMilestoneForm } from './get-milestone-form.query';

@Controller()
@Access('user')
export class GetMilestoneFormController {
  constructor(private readonly queryBus: QueryBus) {}

  @Answers('MilestoneFormData')
  @MemberMay('read')
  @Get('milestones/form/job/:id')
  get(@Param('id', ParseIdPipe) id: number, @CurrentUser() user: SessionUser) {
    return this.queryBus.execute(new GetMilestoneForm(user, id));
  }
}
