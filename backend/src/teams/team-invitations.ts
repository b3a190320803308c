import { type CompanyRole, type CompanyState, refuseUnusable } from '@escrow/domain';
import type { Pool } from 'pg';

import type { EventStreams } from '../command-side';
import { hashSecret } from '../identity';
import { companyStream } from './company-stream';

export interface InvitationByCode {
  invitation_id: string;
  company_id: number;
  company_name: string;
  email: string;
  role: CompanyRole;
  inviter_name: string | null;
  expires_at: Date;
}

/** The invitation a link's code opens, and its company's stream (what says whether it still works). */
export async function invitationByCode(pool: Pool, streams: EventStreams, code: string): Promise<{ row: InvitationByCode; state: CompanyState } | null> {
  if (code.length === 0 || code.length > 100) return null;
  const { rows } = await pool.query<InvitationByCode>(
    `SELECT i.invitation_id, i.company_id, c.name AS company_name, i.email, i.role, u.display_name AS inviter_name, i.expires_at
       FROM company_invitations i JOIN companies c ON c.company_id = i.company_id LEFT JOIN users u ON u.user_id = i.invited_by
      WHERE i.code_hash = $1`,
    [hashSecret(code)],
  );
  const row = rows[0];
  return row ? { row, state: await streams.current(companyStream, row.company_id) } : null;
}

/** 404 for a code that names nothing; 410 for a used, revoked or expired link (the stream decides). */
export function usableOrRefuse(found: { row: InvitationByCode; state: CompanyState } | null, now: string): { row: InvitationByCode; state: CompanyState } {
  refuseUnusable(found ? found.state.invitations[found.row.invitation_id] : undefined, now);
  return found!;
}
