import { type InvitationPreview } from '@escrow/domain';
import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { Pool } from 'pg';

import { EventStreams } from '../../command-side';
import { PG_POOL } from '../../infrastructure/database/database.tokens';
import { invitationByCode, usableOrRefuse } from '../team-invitations';

/** GET /api/team-invitations/{code}: what the landing page shows of an invitation. */
export class CheckTeamInvitation extends Query<InvitationPreview> {
  constructor(readonly code: string) {
    super();
  }
}

@QueryHandler(CheckTeamInvitation)
export class CheckTeamInvitationHandler implements IQueryHandler<CheckTeamInvitation> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly streams: EventStreams,
  ) {}

  async execute({ code }: CheckTeamInvitation): Promise<InvitationPreview> {
    const { row } = usableOrRefuse(await invitationByCode(this.pool, this.streams, code), new Date().toISOString());
    const { rows } = await this.pool.query<{ company_id: number | null }>('SELECT company_id FROM users WHERE email = $1 AND deleted_at IS NULL', [row.email]);
    const account = rows.length === 0 ? 'new' : rows[0]!.company_id === null ? 'existing' : 'member_elsewhere';
    return {
      company_name: row.company_name,
      role: row.role,
      email: row.email,
      inviter_name: row.inviter_name ?? row.company_name,
      expires_at: row.expires_at.toISOString(),
      account,
    };
  }
}
