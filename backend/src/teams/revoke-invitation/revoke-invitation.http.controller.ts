import { Controller, Delete, HttpCode, Param, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiResponse } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';

import { Access, AdminRoles, CurrentUser, EVERY_ADMIN_ROLE, MemberMay, requestContext, sessionRefOf, type SessionUser } from '../../identity';
import { invitationIdPipe } from '../invitation-rows';
import { RevokeInvitation } from './revoke-invitation.command';

@Controller('company/invitations')
@Access('company')
export class RevokeInvitationController {
  constructor(private readonly commandBus: CommandBus) {}

  @ApiResponse({ status: 204, description: 'The invitation is revoked: its link no longer works.' })
  @MemberMay('members.manage')
  @Delete(':invitationId')
  @HttpCode(204)
  async revoke(
    @Param('invitationId', invitationIdPipe()) invitationId: string,
    @CurrentUser() user: SessionUser,
    @Req() request: FastifyRequest,
  ): Promise<void> {
    await this.commandBus.execute(new RevokeInvitation(user, sessionRefOf(request), requestContext(request), invitationId));
  }
}

/** Support revokes a company's invitation from the console. */
@Controller('admin/company-invitations')
@Access('admin')
@AdminRoles(...EVERY_ADMIN_ROLE)
export class AdminRevokeInvitationController {
  constructor(private readonly commandBus: CommandBus) {}

  @ApiResponse({ status: 204, description: 'The invitation is revoked: its link no longer works.' })
  @Delete(':invitationId')
  @HttpCode(204)
  async revoke(
    @Param('invitationId', invitationIdPipe()) invitationId: string,
    @CurrentUser() user: SessionUser,
    @Req() request: FastifyRequest,
  ): Promise<void> {
    await this.commandBus.execute(new RevokeInvitation(user, sessionRefOf(request), requestContext(request), invitationId));
  }
}
