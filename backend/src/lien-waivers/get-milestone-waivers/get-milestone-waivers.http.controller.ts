import { Controller, Get, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';

import { Answers } from '../../http/openapi';
import { ParseIdPipe } from '../../http/parse-id.pipe';
import { Access, CurrentUser, MemberMay,type SessionUser } from '../../identity';
import { GetMilestoneWaivers } from './get-milestone-waivers.query';

@Controller()
@Access('user')
export class GetMilestoneWaiversController {
  constructor(private readonly queryBus: QueryBus) {}

  @Answers(['LienWaiverView'])
  @MemberMay('read')
  @Get('milestone/:id/waivers')
  handle(@Param('id', ParseIdPipe) versionId: number, @CurrentUser() user: SessionUser) {
    return this.queryBus.execute(new GetMilestoneWaivers(user, versionId));
  }
}
