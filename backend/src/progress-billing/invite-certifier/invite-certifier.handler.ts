import { randomUUID } from 'node:crypto';

import type { InvitationSent } from '@escrow/domain';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Pool } from 'pg';

import { normalizeEmail } from '../../identity';
import { PG_POOL } from '../../infrastructure/database/database.tokens';
import { newInvitationLink } from '../../teams';
import { BillingCommands } from '../billing-commands';
import { CertifierInvitationMail } from './certifier-invitation.mail';
import { InviteCertifierCommand } from './invite-certifier.command';

/**
 * As a company's invitation: the row (address, link hash) is written before the event and the
 * billing rules decide; a refused invitation leaves no row. Whether the address has an account is
 * not said to the buyer (the landing page says it to the person).
 */
@CommandHandler(InviteCertifierCommand)
export class InviteCertifierHandler implements ICommandHandler<InviteCertifierCommand> {
  constructor(
    private readonly billing: BillingCommands,
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly mail: CertifierInvitationMail,
  ) {}

  async execute(c: InviteCertifierCommand): Promise<InvitationSent> {
    const email = normalizeEmail(c.email);
    const now = new Date();
    const invitationId = randomUUID();
    const link = newInvitationLink(now);
    await this.billing.requireReader(c.projectId, c.actor);
    await this.pool.query(
      `INSERT INTO certifier_invitations (invitation_id, job_id, email, code_hash, invited_by, sent_at, expires_at, status)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 'pending')`,
      [invitationId, c.projectId, email, link.codeHash, c.actor.userId, now, link.expiresAt],
    );
    try {
      await this.billing.decide(c.actor, c.projectId, { type: 'InviteCertifier', data: { invitationId, expiresAt: link.expiresAt } }, c.idempotencyKey);
    } catch (error) {
      await this.pool.query('DELETE FROM certifier_invitations WHERE invitation_id = $1', [invitationId]);
      throw error;
    }
    await this.mail.send({ email, projectId: c.projectId, inviterId: c.actor.userId, code: link.code, expiresAt: link.expiresAt });
    return { invitation_id: invitationId, expires_at: link.expiresAt };
  }
}
