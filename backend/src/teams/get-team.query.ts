import { mayDo, type TeamView } from '@escrow/domain';
import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { Pool } from 'pg';

import type { SessionUser } from '../identity';
import { PG_POOL } from '../infrastructure/database/database.tokens';
import { companyTeam } from './team-view';

/** GET /api/company/team: the caller's company, its members, and for owners its pending invitations. */
export class GetTeam extends Query<TeamView> {
  constructor(readonly user: SessionUser & { companyId: number }) {
    super();
  }
}

@QueryHandler(GetTeam)
export class GetTeamHandler implements IQueryHandler<GetTeam> {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async execute({ user }: GetTeam): Promise<TeamView> {
    const owner = user.companyRole !== null && mayDo(user.companyRole, 'members.manage', { signing_policy: user.signingPolicy });
    const team = await companyTeam(this.pool, user.companyId, owner);
    return { ...team, me: { user_id: user.userId, role: user.companyRole! } };
  }
}
