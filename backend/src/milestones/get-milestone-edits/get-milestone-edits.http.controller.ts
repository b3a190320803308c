import { Controller, Get, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';

import { Answers } from '../../http/openapi';
import { ParseIdPipe } from '../../http/parse-id.pipe';
import { Access, CurrentUser, MemberMay,type SessionUser } from '../../identity';
import { GetMilestoneEdits } from './get-milestone-edits.query';

@Controller()
@Access('user')
export class GetMilestoneEditsController {
  constructor(private readonly queryBus: QueryBus) {}

  @Answers(['VersionView'])
  @MemberMay('read')
  @Get('milestone/:id/edits')
  get(@Param('id', ParseIdPipe) id: number, @CurrentUser() user: SessionUser) {
    return this.queryBus.execute(new GetMilestoneEdits(user, id));
  }
}
