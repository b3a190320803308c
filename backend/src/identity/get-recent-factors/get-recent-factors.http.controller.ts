import type { RecentFactors } from '@escrow/domain';
import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';

import { Answers } from '../../http/openapi';
import { Access, CurrentUser, MemberMay } from '../access.decorators';
import type { SessionUser } from '../session-user';
import { GetRecentFactors } from './get-recent-factors.query';

@Controller('account')
@Access('user')
export class GetRecentFactorsController {
  constructor(private readonly queryBus: QueryBus) {}

  @Answers('RecentFactors')
  @MemberMay('own_account')
  @Get('recent-factors')
  get(@CurrentUser() user: SessionUser): Promise<RecentFactors> {
    return this.queryBus.execute(new GetRecentFactors(user));
  }
}
