import type { InvitationResent } from '@escrow/domain';
import { Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyRequest } from 'fastify';

import { Answers } from '../../http/openapi';
import { Access, AdminRoles, CurrentUser, EVERY_ADMIN_ROLE, MemberMay, requestContext, sessionRefOf, type SessionUser, StepUp } from '../../identity';
import { invitationIdPipe } from '../invitation-rows';
import { ResendInvitation } from './resend-invitation.command';

/**
 * A resend mails a new link and gives the invitation its full time again: as good as inviting
 * anew, so it asks for the same fresh second factor (a copied cookie keeps no invitation alive).
 */
@Controller('company/invitations')
@Access('company')
export class ResendInvitationController {
  constructor(private readonly commandBus: CommandBus) {}

  @Answers('InvitationResent')
  @MemberMay('members.manage')
  @Post(':invitationId/resend')
  @HttpCode(200)
  @StepUp()
  resend(
    @Param('invitationId', invitationIdPipe()) invitationId: string,
    @CurrentUser() user: SessionUser,
    @Req() request: FastifyRequest,
  ): Promise<InvitationResent> {
    return this.commandBus.execute(new ResendInvitation(user, sessionRefOf(request), requestContext(request), invitationId));
  }
}

/** Support resends a company's invitation from the console (it never grants itself a company role). */
@Controller('admin/company-invitations')
@Access('admin')
@AdminRoles(...EVERY_ADMIN_ROLE)
export class AdminResendInvitationController {
  constructor(private readonly commandBus: CommandBus) {}

  @Answers('InvitationResent')
  @Post(':invitationId/resend')
  @HttpCode(200)
  @StepUp()
  resend(
    @Param('invitationId', invitationIdPipe()) invitationId: string,
    @CurrentUser() user: SessionUser,
    @Req() request: FastifyRequest,
  ): Promise<InvitationResent> {
    return this.commandBus.execute(new ResendInvitation(user, sessionRefOf(request), requestContext(request), invitationId));
  }
}
