import { type CompanySecurityLogPage, invalid } from '@escrow/domain';
import { Controller, Get, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';

import { Answers } from '../../http/openapi';
import { Access, CurrentUser, MemberMay, pageNumber, type SessionUser } from '../../identity';
import { GetCompanySecurityLog } from './get-company-security-log.query';

@Controller('company')
@Access('company')
export class GetCompanySecurityLogController {
  constructor(private readonly queryBus: QueryBus) {}

  /** Owners only: what the members did to get in is theirs to oversee, as the team is. */
  @Answers('CompanySecurityLogPage')
  @MemberMay('members.manage')
  @Get('security-log')
  get(
    @CurrentUser() user: SessionUser & { companyId: number },
    @Query('user_id') userId?: string,
    @Query('page') page?: string,
  ): Promise<CompanySecurityLogPage> {
    const member = userId === undefined || userId === '' ? null : Number(userId);
    if (member !== null && (!Number.isInteger(member) || member < 1 || member > 2_147_483_647))
      throw invalid('invalid_user_id', 'user_id must be the id of a member.');
    return this.queryBus.execute(new GetCompanySecurityLog(user.companyId, member, pageNumber(page)));
  }
}
