import type { InvitationPreview } from '@escrow/domain';
import { Controller, Get, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiResponse } from '@nestjs/swagger';

import { Answers } from '../../http/openapi';
import { CheckTeamInvitation } from './check-team-invitation.query';

/** Public: the invited person may have no account yet. The code is the secret; it says nothing more than the mail did. */
@Controller('team-invitations')
export class CheckTeamInvitationController {
  constructor(private readonly queryBus: QueryBus) {}

  @Answers('InvitationPreview')
  @ApiResponse({ status: 410, description: 'The invitation was used, revoked or has expired (reason says which).' })
  @Get(':code')
  check(@Param('code') code: string): Promise<InvitationPreview> {
    return this.queryBus.execute(new CheckTeamInvitation(code));
  }
}
