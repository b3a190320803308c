import type { AdminRoleView } from '@escrow/domain';
import { Body, Controller, Param, Put, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyRequest } from 'fastify';

import { Answers } from '../../http/openapi';
import { ParseIdPipe } from '../../http/parse-id.pipe';
import { Access, AdminRoles, CurrentUser, OWNER_ROLES, requestContext, SecurityLog, sessionRefOf, type SessionUser, StepUp } from '../../identity';
import { ChangeAdminRole } from './change-admin-role.command';
import { ChangeAdminRoleRequest } from './change-admin-role.request.dto';

@Controller('admin')
@Access('admin')
@AdminRoles(...OWNER_ROLES)
@StepUp()
export class ChangeAdminRoleController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly log: SecurityLog,
  ) {}

  @Put('users/:id/admin-role')
  @Answers('AdminRoleView')
  async change(
    @Param('id', ParseIdPipe) userId: number,
    @Body() body: ChangeAdminRoleRequest,
    @CurrentUser() user: SessionUser,
    @Req() request: FastifyRequest,
  ): Promise<AdminRoleView> {
    const changed = await this.commandBus.execute<ChangeAdminRole, AdminRoleView>(new ChangeAdminRole(user, sessionRefOf(request), userId, body.role));
    // The stream is the record; the security log shows it to the user and to every administrator.
    await this.log.record({ userId, actorId: user.userId, kind: 'admin_role_changed', ...requestContext(request), detail: { role: body.role } });
    return changed;
  }
}
