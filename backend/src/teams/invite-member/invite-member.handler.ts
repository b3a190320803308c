import { randomUUID } from 'node:crypto';

import type { InvitationSent } from '@escrow/domain';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Pool } from 'pg';

import { metadataOf } from '../../command-side';
import { normalizeEmail } from '../../identity';
import { PG_POOL } from '../../infrastructure/database/database.tokens';
import { newInvitationLink } from '../invitation-links';
import { Memberships } from '../memberships';
import { TeamMails } from '../team.mails';
import { InviteMember } from './invite-member.command';

/**
 * The invitation row (address, link hash) is written before the event, the event decides; a
 * refused invitation leaves no row. A member of another company is invited all the same: telling
 * the inviter would reveal that account (the landing page says it to the person).
 */
@CommandHandler(InviteMember)
export class InviteMemberHandler implements ICommandHandler<InviteMember> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly memberships: Memberships,
    private readonly mails: TeamMails,
  ) {}

  async execute(c: InviteMember): Promise<InvitationSent> {
    const email = normalizeEmail(c.email);
    const companyId = c.owner.companyId;
    const now = new Date();
    const invitationId = randomUUID();
    const link = newInvitationLink(now);
    const [{ rows: invitee }, { rows: open }] = await Promise.all([
      this.pool.query<{ user_id: number; company_id: number | null }>('SELECT user_id, company_id FROM users WHERE email = $1 AND deleted_at IS NULL', [email]),
      this.pool.query<{ invitation_id: string }>(`SELECT invitation_id FROM company_invitations WHERE company_id = $1 AND email = $2 AND status = 'pending'`, [
        companyId,
        email,
      ]),
    ]);
    await this.pool.query(
      `INSERT INTO company_invitations (invitation_id, company_id, email, role, code_hash, invited_by, sent_at, expires_at, status)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'pending')`,
      [invitationId, companyId, email, c.role, link.codeHash, c.owner.userId, now, link.expiresAt],
    );
    try {
      await this.memberships.decide(
        companyId,
        (directory) => ({
          type: 'InviteMember',
          data: {
            companyId,
            sessionId: c.sessionRef,
            directory,
            invitationId,
            role: c.role,
            expiresAt: link.expiresAt,
            invitee: { userId: invitee[0]?.user_id ?? null, companyId: invitee[0]?.company_id ?? null },
            openInvitationIds: open.map((o) => o.invitation_id),
          },
          metadata: metadataOf(c.owner, now.toISOString()),
        }),
        c.trail,
      );
    } catch (error) {
      await this.pool.query('DELETE FROM company_invitations WHERE invitation_id = $1', [invitationId]);
      throw error;
    }
    await this.mails.invitation({ email, role: c.role, companyId, inviterId: c.owner.userId, code: link.code, expiresAt: link.expiresAt });
    return { invitation_id: invitationId, expires_at: link.expiresAt };
  }
}
