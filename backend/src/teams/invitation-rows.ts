import { notFound } from '@escrow/domain';
import { ParseUUIDPipe } from '@nestjs/common';
import type { Pool } from 'pg';

import type { SessionUser } from '../identity';

/**
 * The company an invitation belongs to: for a member, only an invitation of their own company
 * exists (another company's answers as none); an administrator sees every company's.
 */
export async function invitationCompany(pool: Pool, invitationId: string, actor: SessionUser): Promise<number> {
  const { rows } = await pool.query<{ company_id: number }>('SELECT company_id FROM company_invitations WHERE invitation_id = $1', [invitationId]);
  const companyId = rows[0]?.company_id;
  if (companyId === undefined || (actor.role !== 'admin' && actor.companyId !== companyId)) {
    throw notFound('invitation_not_found', 'There is no such invitation.');
  }
  return companyId;
}

/** An invitation id that is no UUID names no invitation: 404, as an unknown one. */
export const invitationIdPipe = () => new ParseUUIDPipe({ exceptionFactory: () => notFound('invitation_not_found', 'There is no such invitation.') });
