import type { CompanyRole } from '@escrow/domain';
import type { Pool, PoolClient } from 'pg';

import { hashPassword, type TotpSecrets, UsersRepository } from '../identity';
import { DEMO_LOGINS } from './demo-directory';
import type { DemoSecrets } from './demo-secrets';

/**
 * Saguaro Build Co. is a team (issue 37): the seller owns it, its office manager keeps the books
 * (finance: bank accounts, the colleague confirmation), its project manager runs the jobs.
 */
const DEMO_TEAM: readonly { companyRole: CompanyRole; firstName: string; lastName: string; phone: string; email: string }[] = [
  { companyRole: 'finance', firstName: 'Morgan', lastName: 'Office', phone: '6025550143', email: DEMO_LOGINS.officeManager },
  { companyRole: 'project_manager', firstName: 'Casey', lastName: 'Foreman', phone: '6025550144', email: DEMO_LOGINS.projectManager },
];

/** Adds the demo team's members to the company; their second factors come with every demo login's. */
export async function insertDemoTeam(client: PoolClient, companyId: number, passwordHash: string, members = DEMO_TEAM): Promise<void> {
  for (const { companyRole, ...person } of members) {
    const member = await UsersRepository.insert(client, { ...person, emailVerified: true, companyId, passwordHash });
    await client.query('UPDATE users SET company_role = $2 WHERE user_id = $1', [member.user_id, companyRole]);
  }
}

/**
 * The demo team on an installation seeded before it existed: each member whose login is missing is
 * added to the seller's company, with this installation's demo password and their own second
 * factor. Idempotent (by email, under the seed's lock); answers the seller's company, or null
 * where the demo seller is gone or has no company (nothing to add to).
 */
export async function addMissingDemoTeam(pool: Pool, totpSecrets: TotpSecrets, secrets: DemoSecrets): Promise<{ companyId: number; added: string[] } | null> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('LOCK TABLE users IN EXCLUSIVE MODE'); // two starting processes add once
    const { rows: sellers } = await client.query<{ company_id: number }>(
      'SELECT company_id FROM users WHERE email = $1 AND company_id IS NOT NULL AND deleted_at IS NULL',
      [DEMO_LOGINS.seller],
    );
    const companyId = sellers[0]?.company_id;
    if (companyId === undefined) {
      await client.query('ROLLBACK');
      return null;
    }
    const { rows: present } = await client.query<{ email: string }>('SELECT email FROM users WHERE email = ANY($1)', [DEMO_TEAM.map((m) => m.email)]);
    const missing = DEMO_TEAM.filter((m) => !present.some((p) => p.email === m.email));
    if (missing.length > 0) {
      await insertDemoTeam(client, companyId, await hashPassword(secrets.password), missing);
      for (const { email } of missing.filter((m) => secrets.totp[m.email])) {
        await client.query('INSERT INTO user_totp (user_id, secret, confirmed_at) SELECT user_id, $2, now() FROM users WHERE email = $1', [
          email,
          totpSecrets.seal(secrets.totp[email]!),
        ]);
      }
    }
    await client.query('COMMIT');
    return { companyId, added: missing.map((m) => m.email) };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
