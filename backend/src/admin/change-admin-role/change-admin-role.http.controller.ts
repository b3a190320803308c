import { Body, Controller, Param, Put, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyRequest } from 'fastify';

import { ParseIdPipe } from '../../http/parse-id.pipe';
import { Access, AdminRoles, CurrentUser, OWNER_ROLES, sessionRefOf, type SessionUser, StepUp } from '../../identity';
import { type AdminRoleView, ChangeAdminRole } from './change-admin-role.command';
import { ChangeAdminRoleRequest } from './change-admin-role.request.dto';

@Controller('admin')
@Access('admin')
@AdminRoles(...OWNER_ROLES)
@StepUp()
export class ChangeAdminRoleController {
  constructor(private readonly commandBus: CommandBus) {}

  @Put('users/:id/admin-role')
  change(
    @Param('id', ParseIdPipe) userId: number,
    @Body() body: ChangeAdminRoleRequest,
    @CurrentUser() user: SessionUser,
    @Req() request: FastifyRequest,
  ): Promise<AdminRoleView> {
    return this.commandBus.execute(new ChangeAdminRole(user, sessionRefOf(request), userId, body.role));
  }
}
