import type { InvitationAccepted } from '@escrow/domain';
import { Body, Controller, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiResponse } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';

import { Answers } from '../../http/openapi';
import { callerOf, cookiesOf, CurrentUser, LoginCookies, requestContext, sessionRefOf, type SessionUser } from '../../identity';
import { AcceptTeamInvitation } from './accept-team-invitation.command';
import { AcceptTeamInvitationRequest } from './accept-team-invitation.request.dto';

@Controller('team-invitations')
export class AcceptTeamInvitationController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly cookies: LoginCookies,
  ) {}

  @Answers('InvitationAccepted')
  @ApiResponse({ status: 410, description: 'The invitation was used, revoked or has expired (reason says which).' })
  @Post(':code/accept')
  @HttpCode(200)
  accept(
    @Param('code') code: string,
    @Body() body: AcceptTeamInvitationRequest,
    @CurrentUser() user: SessionUser | null,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<InvitationAccepted> {
    const command = new AcceptTeamInvitation(code, body, user, callerOf(request), cookiesOf(request).session, sessionRefOf(request), requestContext(request));
    return this.cookies.answer(request, reply, this.commandBus.execute(command));
  }
}
