import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Pool } from 'pg';

import { PG_POOL } from '../../infrastructure/database/database.tokens';
import { BillingCommands } from '../billing-commands';
import { RevokeCertifierInvitationCommand } from './revoke-certifier-invitation.command';

/** The stream decides (the link then refuses with 410 invitation_revoked); the row's status follows it. */
@CommandHandler(RevokeCertifierInvitationCommand)
export class RevokeCertifierInvitationHandler implements ICommandHandler<RevokeCertifierInvitationCommand> {
  constructor(
    private readonly billing: BillingCommands,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {}

  async execute(c: RevokeCertifierInvitationCommand): Promise<void> {
    await this.billing.decide(c.actor, c.projectId, { type: 'RevokeCertifierInvitation', data: { invitationId: c.invitationId } }, c.idempotencyKey);
    await this.pool.query(`UPDATE certifier_invitations SET status = 'revoked' WHERE invitation_id = $1 AND job_id = $2`, [c.invitationId, c.projectId]);
  }
}
