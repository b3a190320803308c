import { type CertifierInvitationView, forbidden, projectRoleRefusalMessage } from '@escrow/domain';
import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { Pool } from 'pg';

import type { SessionUser } from '../../identity';
import { PG_POOL } from '../../infrastructure/database/database.tokens';
import { BillingReads } from '../billing-reads';

/** GET /api/job/{id}/certifier-invitations: the invitations the buyer sent, newest first. */
export class ListCertifierInvitations extends Query<CertifierInvitationView[]> {
  constructor(
    readonly user: SessionUser,
    readonly projectId: number,
  ) {
    super();
  }
}

/**
 * The addresses are the buyer's business (the seller never learns whom the buyer asked), so the
 * list is the buyer's alone. The rows give the address and dates; whether a link still works is the
 * billing stream's word (its folded state), as for the link itself.
 */
@QueryHandler(ListCertifierInvitations)
export class ListCertifierInvitationsHandler implements IQueryHandler<ListCertifierInvitations> {
  constructor(
    private readonly reads: BillingReads,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {}

  async execute({ user, projectId }: ListCertifierInvitations): Promise<CertifierInvitationView[]> {
    const { viewer, billing } = await this.reads.requireReader(projectId, user);
    if (viewer === 'certifier') throw forbidden('not_a_party', projectRoleRefusalMessage('certifier'));
    if (viewer !== 'customer') throw forbidden('buyer_only', 'Only the buyer can see the certifier invitations.');
    const { rows } = await this.pool.query<{ invitation_id: string; email: string; sent_at: Date; expires_at: Date }>(
      `SELECT invitation_id, email, sent_at, expires_at FROM certifier_invitations WHERE job_id = $1 ORDER BY sent_at DESC, invitation_id`,
      [projectId],
    );
    const recorded = billing.status === 'active' ? (billing.certifierInvitations ?? {}) : {};
    const now = Date.now();
    return rows.flatMap((row) => {
      const invitation = recorded[row.invitation_id];
      // A row the stream never recorded is an invitation the rules refused as it was sent: not one.
      if (!invitation) return [];
      const status = invitation.status === 'pending' && Date.parse(invitation.expiresAt) <= now ? 'expired' : invitation.status;
      return [{ invitation_id: row.invitation_id, email: row.email, sent_at: row.sent_at.toISOString(), expires_at: invitation.expiresAt, status }];
    });
  }
}
