import { generateURI } from 'otplib';
import type { Pool } from 'pg';

import { CompaniesRepository } from '../directory';
import { hashPassword, TOTP_ISSUER, type TotpSecrets } from '../identity';
import { UsersRepository } from '../identity';
import { DEMO_COMPANIES, DEMO_LOGINS, DEMO_SERVICES, logoFor } from './demo-directory';
import type { DemoSecrets } from './demo-secrets';
import { insertDemoTeam } from './demo-team';

export interface DemoDirectory {
  adminId: number;
  buyerId: number;
  sellerId: number;
  sellerCompanyId: number;
  companyIds: number[];
}

/**
 * The demo directory of the first `make start`: services, 14 companies across AZ, ID, NV and UT,
 * and the demo logins, each with a verified email, this installation's demo password and an
 * authenticator-app secret of its own (demo-secrets.ts). Runs only on an empty users table, in
 * one transaction.
 */
export async function seedDemoDirectory(pool: Pool, totpSecrets: TotpSecrets, secrets: DemoSecrets): Promise<DemoDirectory | null> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('LOCK TABLE users IN EXCLUSIVE MODE'); // two starting processes seed once
    const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
    if (rows[0]!.n > 0) {
      await client.query('ROLLBACK');
      return null;
    }
    await client.query('INSERT INTO services (service_name) SELECT unnest($1::text[]) ON CONFLICT DO NOTHING', [DEMO_SERVICES]);
    const companyIds: number[] = [];
    for (const { colour, services, ...fields } of DEMO_COMPANIES) {
      companyIds.push(await CompaniesRepository.insert(client, { ...fields, company_img: logoFor(fields.name, colour) }, services));
    }
    const passwordHash = await hashPassword(secrets.password);
    const admin = await UsersRepository.insert(client, {
      firstName: 'Avery',
      lastName: 'Admin',
      phone: '6025550100',
      email: DEMO_LOGINS.admin,
      role: 'admin',
      adminRole: 'owner',
      passwordHash,
      emailVerified: true,
    });
    const buyer = await UsersRepository.insert(client, {
      firstName: 'Jordan',
      lastName: 'Buyer',
      phone: '6025550123',
      email: DEMO_LOGINS.buyer,
      passwordHash,
      emailVerified: true,
    });
    // Least privilege: one administrator of each other role, to try what each may do.
    for (const [role, firstName, phone] of [
      ['support', 'Sky', '6025550103'],
      ['finance', 'Fran', '6025550104'],
      ['operations', 'Oak', '6025550105'],
    ] as const) {
      await UsersRepository.insert(client, {
        firstName,
        lastName: 'Admin',
        phone,
        email: DEMO_LOGINS[role],
        role: 'admin',
        adminRole: role,
        passwordHash,
        emailVerified: true,
      });
    }
    const seller = await UsersRepository.insert(client, {
      firstName: 'Sam',
      lastName: 'Seller',
      phone: '6025550142',
      email: DEMO_LOGINS.seller,
      emailVerified: true,
      companyId: companyIds[0]!,
      passwordHash,
    });
    await insertDemoTeam(client, companyIds[0]!, passwordHash);
    // Subcontractor users: a payee's own users sign the lien waivers of its payments.
    await UsersRepository.insert(client, {
      firstName: 'Dana',
      lastName: 'Sparks',
      phone: '5205550188',
      email: DEMO_LOGINS.electrician,
      emailVerified: true,
      companyId: companyIds[1]!,
      passwordHash,
    });
    await UsersRepository.insert(client, {
      firstName: 'Riley',
      lastName: 'Ridge',
      phone: '4805550177',
      email: DEMO_LOGINS.roofer,
      emailVerified: true,
      companyId: companyIds[2]!,
      passwordHash,
    });
    // Secrets made by a version before a login existed lack it (demoSecrets completes them): no factor then.
    for (const email of Object.values(DEMO_LOGINS).filter((e) => secrets.totp[e])) {
      await client.query(`INSERT INTO user_totp (user_id, secret, confirmed_at) SELECT user_id, $2, now() FROM users WHERE email = $1`, [
        email,
        totpSecrets.seal(secrets.totp[email]!),
      ]);
    }
    await client.query('COMMIT');
    return { adminId: admin.user_id, buyerId: buyer.user_id, sellerId: seller.user_id, sellerCompanyId: companyIds[0]!, companyIds };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/**
 * Gives the demo users still in the database this installation's secrets: users seeded by a
 * version whose demo password and TOTP secrets were constants in the repository (and in its
 * README), so public. Their sessions end and their second factor's last used step is forgotten.
 */
export async function replaceDemoSecrets(pool: Pool, totpSecrets: TotpSecrets, secrets: DemoSecrets): Promise<number> {
  const passwordHash = await hashPassword(secrets.password);
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    let replaced = 0;
    for (const email of Object.values(DEMO_LOGINS).filter((e) => secrets.totp[e])) {
      const { rows } = await client.query<{ user_id: number }>('UPDATE users SET password_hash = $2 WHERE email = $1 RETURNING user_id', [email, passwordHash]);
      const userId = rows[0]?.user_id;
      if (userId === undefined) continue;
      replaced++;
      await client.query(
        `INSERT INTO user_totp (user_id, secret, confirmed_at) VALUES ($1, $2, now())
         ON CONFLICT (user_id) DO UPDATE SET secret = EXCLUDED.secret, confirmed_at = EXCLUDED.confirmed_at, last_used_step = NULL`,
        [userId, totpSecrets.seal(secrets.totp[email]!)],
      );
      await client.query('DELETE FROM sessions WHERE user_id = $1', [userId]);
    }
    await client.query('COMMIT');
    return replaced;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** What `make start` prints under its first lines: the demo logins with this installation's secrets. */
export function demoLoginsText(baseUrl: string, secrets: DemoSecrets, file: string): string {
  const who = Object.keys(DEMO_LOGINS) as (keyof typeof DEMO_LOGINS)[];
  return [
    `Demo logins (password ${secrets.password}) at ${baseUrl}/login:`,
    `  admin   ${DEMO_LOGINS.admin}  (owner: every administrator permission)`,
    `  admins  ${DEMO_LOGINS.support} (support, read only), ${DEMO_LOGINS.finance} (finance), ${DEMO_LOGINS.operations} (operations)`,
    `  buyer   ${DEMO_LOGINS.buyer}`,
    `  seller  ${DEMO_LOGINS.seller}  (Saguaro Build Co.'s owner)`,
    `  team    ${DEMO_LOGINS.officeManager}  (Saguaro Build Co.'s office manager: finance), ${DEMO_LOGINS.projectManager}  (its project manager)`,
    `  payees  ${DEMO_LOGINS.electrician}  (Desert Current Electric), ${DEMO_LOGINS.roofer}  (Mesa Ridge Roofing)`,
    `Each asks for a second factor after the password. Add its secret to an authenticator app (or open the otpauth URL on a phone),`,
    `or compute the current code: node -e "require('otplib').generate({secret:process.argv[1]}).then(console.log)" <secret>`,
    ...who.map((key) => {
      const secret = secrets.totp[DEMO_LOGINS[key]]!;
      return `  ${key.padEnd(14)} ${secret}  ${generateURI({ issuer: TOTP_ISSUER, label: DEMO_LOGINS[key], secret })}`;
    }),
    `This installation's own demo password and secrets, made at its first start: ${file} (readable by you only).`,
  ].join('\n');
}
