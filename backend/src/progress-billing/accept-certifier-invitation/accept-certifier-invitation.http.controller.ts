import type { CertifierInvitationAccepted } from '@escrow/domain';
import { Body, Controller, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiResponse } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';

import { Answers } from '../../http/openapi';
import { callerOf, cookiesOf, CurrentUser, LoginCookies, type SessionUser } from '../../identity';
import { AcceptCertifierInvitationCommand } from './accept-certifier-invitation.command';
import { AcceptCertifierInvitationRequest } from './accept-certifier-invitation.request.dto';

@Controller('certifier-invitations')
export class AcceptCertifierInvitationController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly cookies: LoginCookies,
  ) {}

  @Answers('CertifierInvitationAccepted')
  @ApiResponse({ status: 410, description: 'The invitation was used or has expired (reason says which).' })
  @Post(':code/accept')
  @HttpCode(200)
  accept(
    @Param('code') code: string,
    @Body() body: AcceptCertifierInvitationRequest,
    @CurrentUser() user: SessionUser | null,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<CertifierInvitationAccepted> {
    const command = new AcceptCertifierInvitationCommand(code, body, user, callerOf(request), cookiesOf(request).session);
    return this.cookies.answer(request, reply, this.commandBus.execute(command));
  }
}
