import type { CertifierInvitationPreview } from '@escrow/domain';
import { Controller, Get, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiResponse } from '@nestjs/swagger';

import { Answers } from '../../http/openapi';
import { CheckCertifierInvitation } from './check-certifier-invitation.query';

/** Public: the invited person may have no account yet. The code is the secret; it says nothing more than the mail did. */
@Controller('certifier-invitations')
export class CheckCertifierInvitationController {
  constructor(private readonly queryBus: QueryBus) {}

  @Answers('CertifierInvitationPreview')
  @ApiResponse({ status: 410, description: 'The invitation was used or has expired (reason says which).' })
  @Get(':code')
  check(@Param('code') code: string): Promise<CertifierInvitationPreview> {
    return this.queryBus.execute(new CheckCertifierInvitation(code));
  }
}
