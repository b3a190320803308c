import { BILLING_MEMBER_ACTIONS } from '@escrow/domain';
import { Controller, Delete, HttpCode, Param } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiResponse } from '@nestjs/swagger';

import { IdempotencyKey } from '../../command-side';
import { ParseIdPipe } from '../../http/parse-id.pipe';
import { Access, CurrentUser, MemberMay, type SessionUser } from '../../identity';
import { invitationIdPipe } from '../../teams';
import { RevokeCertifierInvitationCommand } from './revoke-certifier-invitation.command';

/** The buyer withdraws a certifier invitation sent by mistake or to the wrong address. */
@Controller()
@Access('user')
export class RevokeCertifierInvitationController {
  constructor(private readonly commandBus: CommandBus) {}

  @ApiResponse({ status: 204, description: 'The invitation is withdrawn: its link no longer works.' })
  @Delete('job/:id/certifier-invitations/:invitationId')
  @MemberMay(BILLING_MEMBER_ACTIONS.RevokeCertifierInvitation)
  @HttpCode(204)
  async revoke(
    @Param('id', ParseIdPipe) projectId: number,
    @Param('invitationId', invitationIdPipe()) invitationId: string,
    @CurrentUser() user: SessionUser,
    @IdempotencyKey() key: string | null,
  ): Promise<void> {
    await this.commandBus.execute(new RevokeCertifierInvitationCommand(user, projectId, invitationId, key));
  }
}
