import { Controller, Get, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';

import { Answers } from '../../http/openapi';
import { ParseIdPipe } from '../../http/parse-id.pipe';
import { Access, CurrentUser, MemberMay,type SessionUser } from '../../identity';
import { GetJobMilestones } from './get-job-milestones.query';

@Controller()
@Access('user')
export class GetJobMilestonesController {
  constructor(private readonly queryBus: QueryBus) {}

  @Answers(['MilestoneView'])
  @MemberMay('read')
  @Get('job/:id/milestones')
  get(@Param('id', ParseIdPipe) id: number, @CurrentUser() user: SessionUser) {
    return this.queryBus.execute(new GetJobMilestones(user, id));
  }
}
