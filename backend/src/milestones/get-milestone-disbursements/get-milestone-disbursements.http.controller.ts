import { Controller, Get, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';

import { Answers } from '../../http/openapi';
import { ParseIdPipe } from '../../http/parse-id.pipe';
import { Access, CurrentUser, MemberMay,type SessionUser } from '../../identity';
import { GetMilestoneDisbursements } from './get-milestone-disbursements.query';

@Controller()
@Access('user')
export class GetMilestoneDisbursementsController {
  constructor(private readonly queryBus: QueryBus) {}

  @Answers(['DisbursementView'])
  @MemberMay('read')
  @Get('milestone/:id/disbursements')
  get(@Param('id', ParseIdPipe) id: number, @CurrentUser() user: SessionUser) {
    return this.queryBus.execute(new GetMilestoneDisbursements(user, id));
  }
}
