import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Pool } from 'pg';

import { metadataOf } from '../../command-side';
import { PG_POOL } from '../../infrastructure/database/database.tokens';
import { invitationCompany } from '../invitation-rows';
import { Memberships } from '../memberships';
import { RevokeInvitation } from './revoke-invitation.command';

@CommandHandler(RevokeInvitation)
export class RevokeInvitationHandler implements ICommandHandler<RevokeInvitation> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly memberships: Memberships,
  ) {}

  async execute(c: RevokeInvitation): Promise<void> {
    const companyId = await invitationCompany(this.pool, c.invitationId, c.actor);
    await this.memberships.decide(
      companyId,
      (directory) => ({
        type: 'RevokeInvitation',
        data: { companyId, sessionId: c.sessionRef, directory, invitationId: c.invitationId },
        metadata: metadataOf(c.actor),
      }),
      c.trail,
    );
  }
}
