import { Controller, Get, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';

import { invalidParam } from '../../http/api-refusal';
import { Answers } from '../../http/openapi';
import { Access } from '../access.decorators';
import { EVERY_ADMIN_ROLE } from '../admin-role.check';
import { pageNumber } from '../page-number';
import { AdminRoles } from '../step-up.decorators';
import { GetEveryonesSecurityLog } from './get-everyones-security-log.query';

@Controller('admin')
@Access('admin')
export class GetEveryonesSecurityLogController {
  constructor(private readonly queryBus: QueryBus) {}

  @Answers('AdminSecurityLogPage')
  @Get('security-log')
  @AdminRoles(...EVERY_ADMIN_ROLE)
  get(@Query('user_id') userId?: string, @Query('kind') kind?: string, @Query('page') page?: string) {
    const user = userId === undefined || userId === '' ? null : Number(userId);
    if (user !== null && (!Number.isInteger(user) || user < 1 || user > 2_147_483_647)) throw invalidParam('user_id', 'user_id must be a user id.');
    if (kind !== undefined && (typeof kind !== 'string' || kind.length > 60)) throw invalidParam('kind', 'kind must be a kind of the security log.');
    return this.queryBus.execute(new GetEveryonesSecurityLog(user, kind || null, pageNumber(page)));
  }
}
