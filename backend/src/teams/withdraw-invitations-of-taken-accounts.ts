import { DomainError } from '@escrow/domain';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { Pool } from 'pg';

import { systemMetadata } from '../command-side';
import { TakeoverReports } from '../identity';
import { PG_POOL } from '../infrastructure/database/database.tokens';
import { Memberships } from './memberships';

/**
 * An owner who says "this wasn't me" about a factor may have had a thief signed in, and an
 * invitation the thief sent from the account (as an owner, even) would let them back in as a
 * member after every session ended. The pending invitations the account sent are withdrawn, by
 * the system, on their companies' streams (`InvitationRevoked`, `byRole: 'system'`).
 */
@Injectable()
export class WithdrawInvitationsOfTakenAccounts implements OnModuleInit {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly memberships: Memberships,
    private readonly takeovers: TakeoverReports,
  ) {}

  onModuleInit(): void {
    this.takeovers.onReport('team invitations', (userId) => this.withdraw(userId));
  }

  async withdraw(userId: number): Promise<number> {
    const { rows } = await this.pool.query<{ invitation_id: string; company_id: number }>(
      `SELECT invitation_id, company_id FROM company_invitations WHERE invited_by = $1 AND status = 'pending' ORDER BY sent_at`,
      [userId],
    );
    let withdrawn = 0;
    for (const { invitation_id: invitationId, company_id: companyId } of rows) {
      try {
        const result = await this.memberships.decide(
          companyId,
          (directory) => ({ type: 'RevokeInvitation', data: { companyId, sessionId: null, directory, invitationId }, metadata: systemMetadata() }),
          { sessionId: null, ip: null, userAgent: null },
        );
        withdrawn += result.events.filter((e) => e.type === 'InvitationRevoked').length;
      } catch (error) {
        // Accepted or withdrawn since it was read: nothing pending left to withdraw; the others still are.
        if (!(error instanceof DomainError)) throw error;
      }
    }
    return withdrawn;
  }
}
