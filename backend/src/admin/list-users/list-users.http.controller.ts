import type { AdminUserRow } from '@escrow/domain';
import { Controller, Get, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';

import { Answers } from '../../http/openapi';
import { Access, AdminRoles, EVERY_ADMIN_ROLE } from '../../identity';
import { ListAdminUsers } from './list-users.query';
import { AdminUserSearchRequest } from './list-users.request.dto';

@Controller('admin')
@Access('admin')
@AdminRoles(...EVERY_ADMIN_ROLE)
export class ListAdminUsersController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('users')
  @Answers(['AdminUserRow'])
  list(@Query() query: AdminUserSearchRequest): Promise<AdminUserRow[]> {
    return this.queryBus.execute(new ListAdminUsers(query.search?.trim() || null));
  }
}
