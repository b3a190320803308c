import type { CompanyRole, CompanyTeam, SigningPolicy, TeamInvitation, TeamMember } from '@escrow/domain';
import { notFound } from '@escrow/domain';
import type { Pool } from 'pg';

/** A company's members and (for owners and administrators) its pending invitations, from the tables the membership commands write. */
export async function companyTeam(pool: Pool, companyId: number, withInvitations: boolean): Promise<CompanyTeam> {
  const [{ rows: company }, { rows: members }, { rows: invitations }] = await Promise.all([
    pool.query<{ name: string; signing_policy: SigningPolicy }>('SELECT name, signing_policy FROM companies WHERE company_id = $1', [companyId]),
    pool.query<{
      user_id: number;
      display_name: string;
      email: string;
      company_role: CompanyRole;
      company_joined_at: Date | null;
      created_at: Date;
      has_second_factor: boolean;
      last_login_at: Date | null;
    }>(
      `SELECT u.user_id, u.display_name, u.email, u.company_role, u.company_joined_at, u.created_at,
              (EXISTS (SELECT 1 FROM user_totp t WHERE t.user_id = u.user_id AND t.confirmed_at IS NOT NULL)
                OR EXISTS (SELECT 1 FROM passkeys p WHERE p.user_id = u.user_id)) AS has_second_factor,
              (SELECT max(l.at) FROM security_log l WHERE l.user_id = u.user_id AND l.kind = 'login') AS last_login_at
         FROM users u WHERE u.company_id = $1 AND u.deleted_at IS NULL ORDER BY u.company_joined_at NULLS FIRST, u.user_id`,
      [companyId],
    ),
    withInvitations
      ? pool.query<{ invitation_id: string; email: string; role: CompanyRole; invited_by_name: string | null; sent_at: Date; expires_at: Date }>(
          `SELECT i.invitation_id, i.email, i.role, u.display_name AS invited_by_name, i.sent_at, i.expires_at
             FROM company_invitations i LEFT JOIN users u ON u.user_id = i.invited_by
            WHERE i.company_id = $1 AND i.status = 'pending' ORDER BY i.sent_at`,
          [companyId],
        )
      : Promise.resolve({ rows: [] }),
  ]);
  if (!company[0]) throw notFound('no_such_company', 'There is no such company.');
  return {
    company_id: companyId,
    company_name: company[0].name,
    signing_policy: company[0].signing_policy,
    members: members.map((m): TeamMember => ({
      user_id: m.user_id,
      display_name: m.display_name,
      email: m.email,
      role: m.company_role,
      joined_at: (m.company_joined_at ?? m.created_at).toISOString(),
      has_second_factor: m.has_second_factor,
      last_login_at: m.last_login_at?.toISOString() ?? null,
    })),
    invitations: invitations.map((i): TeamInvitation => ({
      invitation_id: i.invitation_id,
      email: i.email,
      role: i.role,
      invited_by_name: i.invited_by_name ?? 'A former member',
      sent_at: i.sent_at.toISOString(),
      expires_at: i.expires_at.toISOString(),
    })),
  };
}
