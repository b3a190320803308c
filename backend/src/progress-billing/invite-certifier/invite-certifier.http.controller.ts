import { BILLING_MEMBER_ACTIONS, type InvitationSent } from '@escrow/domain';
import { Body, Controller, HttpStatus, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';

import { IdempotencyKey } from '../../command-side';
import { Answers } from '../../http/openapi';
import { ParseIdPipe } from '../../http/parse-id.pipe';
import { Access, CurrentUser, MemberMay, type SessionUser, StepUpIfBuyerOf } from '../../identity';
import { InviteCertifierCommand } from './invite-certifier.command';
import { InviteCertifierRequest } from './invite-certifier.request.dto';

/**
 * The buyer invites an architect, an inspector or a lender's representative to certify: a link by
 * mail, once, for a week. A certifier's certificate releases the buyer's escrowed money, so
 * handing that power to someone is the buyer's consent as a release is: a fresh second factor.
 */
@Controller()
@Access('user')
export class InviteCertifierController {
  constructor(private readonly commandBus: CommandBus) {}

  @Answers('InvitationSent', HttpStatus.CREATED)
  @Post('job/:id/certifier-invitations')
  @MemberMay(BILLING_MEMBER_ACTIONS.InviteCertifier)
  @StepUpIfBuyerOf('project')
  invite(
    @Param('id', ParseIdPipe) projectId: number,
    @Body() body: InviteCertifierRequest,
    @CurrentUser() user: SessionUser,
    @IdempotencyKey() key: string | null,
  ): Promise<InvitationSent> {
    return this.commandBus.execute(new InviteCertifierCommand(user, projectId, body.email, key));
  }
}
