import {
  type CompanyCommand,
  type CompanyEvent,
  type CompanyRole,
  type CompanyState,
  companyStreamId,
  decideCompanyRecordingFounders,
  evolveCompany,
  initialCompanyState,
  type MembershipDirectory,
  roleNeedsSecondFactor,
  type SigningPolicy,
} from '@escrow/domain';
import type { Pool } from 'pg';

import type { EventStream, EventStreams } from '../command-side';

/** A company's membership stream, `company-<id>`. */
export const companyStream: EventStream<CompanyState, CompanyCommand, CompanyEvent> = {
  streamId: companyStreamId,
  initialState: initialCompanyState,
  evolve: evolveCompany,
  // The first change that succeeds records the founding members too, in the same append.
  decide: decideCompanyRecordingFounders,
};

/** Who is a member in the users table now, and the company's signing policy (the decider's `directory`). */
export async function membershipDirectory(pool: Pool, companyId: number): Promise<MembershipDirectory> {
  const [{ rows: members }, { rows: company }] = await Promise.all([
    pool.query<{ user_id: number; company_role: CompanyRole }>('SELECT user_id, company_role FROM users WHERE company_id = $1 AND deleted_at IS NULL', [
      companyId,
    ]),
    pool.query<{ signing_policy: SigningPolicy }>('SELECT signing_policy FROM companies WHERE company_id = $1', [companyId]),
  ]);
  return {
    members: Object.fromEntries(members.map((m) => [m.user_id, m.company_role])),
    signingPolicy: company[0]?.signing_policy ?? 'owner_only',
  };
}

export interface MembershipChanges {
  /** Users whose role changed (or who joined). */
  changed: number[];
  /** Users who are no longer members. */
  gone: number[];
}

/**
 * Writes the stream's membership into the users and companies tables, which the access guard
 * reads with every session: before the command answers, so a removal or a role change holds
 * from the very next request. Written from the stream as it is under an advisory lock on the
 * company, so of two changes at once the later state wins; a crash between an append and this
 * write is repaired by the next membership command of the company (the same rule as the
 * administrators' roles).
 */
export async function writeMembershipToUsers(pool: Pool, streams: EventStreams, companyId: number): Promise<MembershipChanges> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(`SELECT pg_advisory_xact_lock(hashtext('company-members'), $1)`, [companyId]);
    const state = await streams.current(companyStream, companyId);
    const changes: MembershipChanges = { changed: [], gone: [] };
    for (const [id, role] of Object.entries(state.members)) {
      const userId = Number(id);
      if (role === null) {
        const { rowCount } = await client.query(
          'UPDATE users SET company_id = NULL, company_role = NULL, company_factor_required = false WHERE user_id = $1 AND company_id = $2',
          [userId, companyId],
        );
        if (rowCount) changes.gone.push(userId);
      } else {
        // A member moved into a role that touches money needs a second factor as one invited into
        // it does (docs/teams.md); one joining keeps what the invitation's acceptance sets.
        const { rowCount } = await client.query(
          `UPDATE users SET company_id = $2, company_role = $3, company_joined_at = coalesce(company_joined_at, now()),
                  company_factor_required = CASE WHEN company_id = $2 AND company_role IS NOT NULL THEN $4 ELSE company_factor_required END
            WHERE user_id = $1 AND (company_id IS NULL OR company_id = $2) AND company_role IS DISTINCT FROM $3`,
          [userId, companyId, role, roleNeedsSecondFactor(role)],
        );
        if (rowCount) changes.changed.push(userId);
      }
    }
    if (state.signingPolicy !== null) {
      await client.query('UPDATE companies SET signing_policy = $2 WHERE company_id = $1 AND signing_policy IS DISTINCT FROM $2', [
        companyId,
        state.signingPolicy,
      ]);
    }
    for (const [id, invitation] of Object.entries(state.invitations)) {
      await client.query('UPDATE company_invitations SET status = $2 WHERE invitation_id = $1 AND status IS DISTINCT FROM $2', [id, invitation.status]);
    }
    await client.query('COMMIT');
    return changes;
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
}
