import type { CompanyRole, InvitationResent } from '@escrow/domain';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Pool } from 'pg';

import { metadataOf } from '../../command-side';
import { PG_POOL } from '../../infrastructure/database/database.tokens';
import { newInvitationLink } from '../invitation-links';
import { invitationCompany } from '../invitation-rows';
import { Memberships } from '../memberships';
import { TeamMails } from '../team.mails';
import { ResendInvitation } from './resend-invitation.command';

/** The event decides first; only then is the link replaced (the old code stops working) and mailed. */
@CommandHandler(ResendInvitation)
export class ResendInvitationHandler implements ICommandHandler<ResendInvitation> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly memberships: Memberships,
    private readonly mails: TeamMails,
  ) {}

  async execute(c: ResendInvitation): Promise<InvitationResent> {
    const companyId = await invitationCompany(this.pool, c.invitationId, c.actor);
    const now = new Date();
    const link = newInvitationLink(now);
    await this.memberships.decide(
      companyId,
      (directory) => ({
        type: 'ResendInvitation',
        data: { companyId, sessionId: c.sessionRef, directory, invitationId: c.invitationId, expiresAt: link.expiresAt },
        metadata: metadataOf(c.actor, now.toISOString()),
      }),
      c.trail,
    );
    const { rows } = await this.pool.query<{ email: string; role: CompanyRole; invited_by: number | null }>(
      'UPDATE company_invitations SET code_hash = $2, sent_at = $3, expires_at = $4 WHERE invitation_id = $1 RETURNING email, role, invited_by',
      [c.invitationId, link.codeHash, now, link.expiresAt],
    );
    const row = rows[0]!;
    await this.mails.invitation({ email: row.email, role: row.role, companyId, inviterId: row.invited_by, code: link.code, expiresAt: link.expiresAt });
    return { expires_at: link.expiresAt };
  }
}
