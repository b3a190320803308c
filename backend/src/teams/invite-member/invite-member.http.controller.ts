import type { InvitationSent } from '@escrow/domain';
import { Body, Controller, HttpStatus, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyRequest } from 'fastify';

import { Answers } from '../../http/openapi';
import { Access, CurrentUser, MemberMay, requestContext, sessionRefOf, type SessionUser, StepUp } from '../../identity';
import { InviteMember } from './invite-member.command';
import { InviteMemberRequest } from './invite-member.request.dto';

/**
 * An owner invites a person to the company in a role. An invitation grants the role when it is
 * accepted, as a role change does at once, so it asks for the same fresh second factor: a copied
 * cookie must not bring its thief into the company as an owner or finance member.
 */
@Controller('company')
@Access('company')
export class InviteMemberController {
  constructor(private readonly commandBus: CommandBus) {}

  @Answers('InvitationSent', HttpStatus.CREATED)
  @MemberMay('members.manage')
  @Post('invitations')
  @StepUp()
  invite(@Body() body: InviteMemberRequest, @CurrentUser() user: SessionUser & { companyId: number }, @Req() request: FastifyRequest): Promise<InvitationSent> {
    return this.commandBus.execute(new InviteMember(user, sessionRefOf(request), requestContext(request), body.email, body.role));
  }
}
