import { type ActiveBilling, refuseUnusable } from '@escrow/domain';
import type { Pool } from 'pg';

import { billingStream, type EventStreams } from '../command-side';
import { hashSecret } from '../identity';

export interface CertifierInvitationRow {
  invitation_id: string;
  job_id: number;
  email: string;
  inviter_name: string | null;
  project_name: string | null;
  expires_at: Date;
}

/**
 * The certifier invitation a link's code opens, refused as the project's billing stream says (404
 * for a code that names nothing; 410 for a used or expired link), the way a company's is.
 */
export async function usableCertifierInvitation(pool: Pool, streams: EventStreams, code: string, now: string): Promise<CertifierInvitationRow> {
  const { rows } =
    code.length === 0 || code.length > 100
      ? { rows: [] }
      : await pool.query<CertifierInvitationRow>(
          `SELECT i.invitation_id, i.job_id, i.email, u.display_name AS inviter_name, j.service AS project_name, i.expires_at
             FROM certifier_invitations i LEFT JOIN users u ON u.user_id = i.invited_by LEFT JOIN jobs j ON j.job_id = i.job_id
            WHERE i.code_hash = $1`,
          [hashSecret(code)],
        );
  const row = rows[0];
  const billing = row ? await streams.current(billingStream, row.job_id) : null;
  refuseUnusable(billing?.status === 'active' ? (billing as ActiveBilling).certifierInvitations?.[row!.invitation_id] : undefined, now, 'the buyer');
  return row!;
}
