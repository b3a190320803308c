import { generateURI } from 'otplib';
import type { Pool } from 'pg';

import { CompaniesRepository } from '../directory';
import { hashPassword, TOTP_ISSUER, type TotpSecrets } from '../identity';
import { UsersRepository } from '../identity';
import { DEMO_COMPANIES, DEMO_LOGINS, DEMO_PASSWORD, DEMO_SERVICES, DEMO_TOTP_SECRETS, logoFor } from './demo-directory';

export interface DemoDirectory {
  adminId: number;
  buyerId: number;
  sellerId: number;
  sellerCompanyId: number;
  companyIds: number[];
}

/**
 * The demo directory of the first `make start`: services, 14 companies across AZ, ID, NV and UT,
 * and the demo logins, each with a verified email and an authenticator-app secret
 * (DEMO_TOTP_SECRETS). Runs only on an empty users table, in one transaction.
 */
export async function seedDemoDirectory(pool: Pool, totpSecrets: TotpSecrets): Promise<DemoDirectory | null> {
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
    const passwordHash = await hashPassword(DEMO_PASSWORD);
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
    for (const [who, secret] of Object.entries(DEMO_TOTP_SECRETS)) {
      await client.query(`INSERT INTO user_totp (user_id, secret, confirmed_at) SELECT user_id, $2, now() FROM users WHERE email = $1`, [
        DEMO_LOGINS[who as keyof typeof DEMO_LOGINS],
        totpSecrets.seal(secret),
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

export function demoLoginsText(baseUrl: string): string {
  return [
    `Demo logins (password ${DEMO_PASSWORD}) at ${baseUrl}/login:`,
    `  admin   ${DEMO_LOGINS.admin}  (owner: every administrator permission)`,
    `  admins  ${DEMO_LOGINS.support} (support, read only), ${DEMO_LOGINS.finance} (finance), ${DEMO_LOGINS.operations} (operations)`,
    `  buyer   ${DEMO_LOGINS.buyer}`,
    `  seller  ${DEMO_LOGINS.seller}  (Saguaro Build Co.)`,
    `  payees  ${DEMO_LOGINS.electrician}  (Desert Current Electric), ${DEMO_LOGINS.roofer}  (Mesa Ridge Roofing)`,
    `Each asks for a second factor after the password. Add its secret to an authenticator app (or open the otpauth URL on a phone),`,
    `or compute the current code: node -e "require('otplib').generate({secret:process.argv[1]}).then(console.log)" <secret>`,
    ...(Object.keys(DEMO_TOTP_SECRETS) as (keyof typeof DEMO_LOGINS)[]).map(
      (who) =>
        `  ${who.padEnd(11)} ${DEMO_TOTP_SECRETS[who]}  ${generateURI({ issuer: TOTP_ISSUER, label: DEMO_LOGINS[who], secret: DEMO_TOTP_SECRETS[who] })}`,
    ),
  ].join('\n');
}
