import { randomBytes } from 'node:crypto';

import type { CompanyRole } from '@escrow/domain';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { generate } from 'otplib';
import type { Pool } from 'pg';

import { hashPassword } from '../../src/identity/passwords';
import type { AdminRole } from '../../src/identity/step-up.decorators';
import { hashSecret, newSecret } from '../../src/identity/tokens';
import { TotpSecrets } from '../../src/identity/totp-secrets';
import { PG_POOL } from '../../src/infrastructure/database/database.tokens';
import { linkVerifiedPayoutAccount } from './bank-accounts';

/** Every test app seals TOTP secrets with this key (none is written to the data folder). */
export const TEST_SECOND_FACTOR_SECRETS_KEY = randomBytes(32);
/** The TOTP secret createUser enrols (base32, 20 bytes): compute its codes with totpCode. */
export const TEST_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

/** The 6-digit code of a TOTP secret now, or `steps` 30-second steps from now. */
export function totpCode(secret: string = TEST_TOTP_SECRET, steps = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
}

export interface HttpAnswer<T = any> {
  status: number;
  body: T;
  headers: Record<string, string | string[] | number | undefined>;
}

type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
let addressCounter = 1;

/**
 * A browser-like client over fastify inject: keeps cookies, fetches the XSRF-TOKEN cookie and
 * echoes it in X-XSRF-TOKEN on mutating requests, as axios does. `withoutCsrf` and
 * `headers` exist to test the protections themselves.
 */
export class HttpSession {
  private readonly cookies = new Map<string, string>();

  /** Each session gets its own client address, so per-address rate limits do not leak between tests. */
  constructor(
    private readonly app: NestFastifyApplication,
    private readonly address = `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter++ & 255}`,
  ) {}

  get<T = any>(url: string, headers: Record<string, string> = {}) {
    return this.request<T>('GET', url, undefined, headers);
  }
  post<T = any>(url: string, body?: unknown, headers: Record<string, string> = {}) {
    return this.request<T>('POST', url, body, headers);
  }
  put<T = any>(url: string, body?: unknown, headers: Record<string, string> = {}) {
    return this.request<T>('PUT', url, body, headers);
  }
  delete<T = any>(url: string, headers: Record<string, string> = {}) {
    return this.request<T>('DELETE', url, undefined, headers);
  }

  /**
   * Logs in; when the user has a second factor, `totpSecret` (default: the one createUser
   * enrols) answers the second step with a code of a step the server has not taken yet.
   * A user without a factor gets a stepped-up session as startSession gives (unless
   * `steppedUp: false`).
   */
  async login(email: string, password: string, totpSecret: string = TEST_TOTP_SECRET, options: { steppedUp?: boolean } = {}): Promise<HttpAnswer> {
    const answer = await this.post('/api/auth/login', { email, password });
    if (answer.status !== 200) throw new Error(`login of ${email} failed: ${answer.status} ${JSON.stringify(answer.body)}`);
    if (!answer.body?.second_factor_required) {
      // As startSession: tests of users without a factor act as if one had just been checked
      // (step-up itself is tested in second-factors.e2e.spec.ts with sessions that were not).
      if (options.steppedUp ?? true)
        await this.app
          .get<symbol, Pool>(PG_POOL, { strict: false })
          .query('UPDATE sessions SET second_factor_at = now() WHERE token_hash = $1', [hashSecret(this.cookies.get('sid') ?? '')]);
      return answer;
    }
    // A code of a step the server has not taken for this user yet (it refuses a used step or an
    // older one). Tests log the same user in many times a minute: rather than wait for the next
    // 30-second step, the server's memory of the last step is rewound (the refusal itself is
    // tested in second-factors.e2e.spec.ts). The step is the current one or the next, never the
    // previous: the server accepts one step either side of its own, and a busy CI machine can
    // cross into the next step before the code arrives (a code of the previous step then failed).
    const pool = this.app.get<symbol, Pool>(PG_POOL, { strict: false });
    const userOf = '(SELECT user_id FROM users WHERE email = $1)';
    const now = Math.floor(Date.now() / 30_000);
    const { rows } = await pool.query<{ last: string | null }>(`SELECT last_used_step::text AS last FROM user_totp WHERE user_id = ${userOf}`, [email]);
    const last = rows[0]?.last;
    const used = last === null || last === undefined ? -Infinity : Number(last);
    let step = Math.max(now, used + 1);
    if (step > now + 1) {
      await pool.query(`UPDATE user_totp SET last_used_step = $2 WHERE user_id = ${userOf}`, [email, now - 1]);
      step = now;
    }
    const code = await generate({ secret: totpSecret, epoch: step * 30 });
    const second = await this.post('/api/auth/login/second-factor', { code });
    if (second.status !== 200) throw new Error(`second step of the login of ${email} failed: ${second.status} ${JSON.stringify(second.body)}`);
    return second;
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  /** Sets (or, with undefined, removes) a cookie this client sends, as a browser holding it would. */
  setCookie(name: string, value: string | undefined): this {
    if (value === undefined) this.cookies.delete(name);
    else this.cookies.set(name, value);
    return this;
  }

  async request<T = any>(
    method: Method,
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
    options: { withoutCsrf?: boolean } = {},
  ): Promise<HttpAnswer<T>> {
    if (method !== 'GET' && !this.cookies.has('XSRF-TOKEN')) await this.request('GET', '/api/user');
    const xsrf = method !== 'GET' && !options.withoutCsrf ? { 'x-xsrf-token': this.cookies.get('XSRF-TOKEN') ?? '' } : {};
    const response = await this.app.inject({
      method,
      url,
      remoteAddress: this.address,
      headers: {
        ...(this.cookies.size ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...xsrf,
        ...headers,
      },
      ...(body !== undefined ? { payload: typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body) } : {}),
    });
    for (const cookie of response.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const expired = cookie.maxAge === 0 || (cookie.expires && cookie.expires.getTime() <= Date.now());
      if (expired || cookie.value === '') this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    let parsed: unknown = response.body;
    try {
      parsed = response.body ? JSON.parse(response.body) : undefined;
    } catch {
      // not JSON (static files)
    }
    return { status: response.statusCode, body: parsed as T, headers: response.headers };
  }
}

let sequence = 0;
const unique = () => `${Date.now().toString(36)}${(sequence++).toString(36)}`;

export const TEST_PASSWORD = 'Correct-horse-42';

export interface CreatedUser {
  userId: number;
  email: string;
  password: string;
  companyId: number | null;
  /** First and last name: the legal name an escrow agreement is signed with. */
  name: string;
  /** The enrolled TOTP secret (TEST_TOTP_SECRET), or null without a second factor. */
  totpSecret: string | null;
}

/**
 * A logged-in session for a user without going through the login form (no password hashing, no
 * rate limit): the row a login with password and second factor would insert, so the session is
 * stepped up for STEP_UP_WINDOW. `steppedUp: false` leaves it at the password. Returns the cookie value.
 */
export async function startSession(pool: Pool, userId: number, options: { steppedUp?: boolean } = {}): Promise<string> {
  const token = newSecret();
  await pool.query(
    `INSERT INTO sessions (token_hash, user_id, expires_at, user_agent, ip, password_at, second_factor_at)
     VALUES ($1, $2, now() + interval '1 day', 'test', '127.0.0.1', now(), CASE WHEN $3::boolean THEN now() END)`,
    [hashSecret(token), userId, options.steppedUp ?? true],
  );
  return token;
}

/** Enrols TEST_TOTP_SECRET (or `secret`) as the user's authenticator app, sealed as the test apps' key seals it. */
export async function enrolTotp(pool: Pool, userId: number, secret: string = TEST_TOTP_SECRET): Promise<string> {
  const sealed = new TotpSecrets({ secondFactorSecretsKey: TEST_SECOND_FACTOR_SECRETS_KEY, dataDir: '/nonexistent' }).seal(secret);
  await pool.query(
    `INSERT INTO user_totp (user_id, secret, confirmed_at) VALUES ($1, $2, now())
     ON CONFLICT (user_id) DO UPDATE SET secret = EXCLUDED.secret, confirmed_at = now(), last_used_step = NULL`,
    [userId, sealed],
  );
  // Sessions resolved in the last seconds still say "no factor": every process forgets them.
  await pool.query(`SELECT pg_notify('escrow_sessions', $1)`, [JSON.stringify({ userId })]);
  return secret;
}

/**
 * Inserts a user directly (tests create their own data), with a verified email unless
 * `emailVerified: false`. `factor: 'totp'` enrols TEST_TOTP_SECRET: admins and company users get
 * it unless `factor: null` (the console is closed to an admin without a second factor, and a
 * company user manages payout accounts and webhooks only with one).
 */
export async function createUser(
  pool: Pool,
  options: {
    role?: 'admin';
    adminRole?: AdminRole;
    companyId?: number | null;
    password?: string | null;
    phone?: string;
    email?: string;
    firstName?: string;
    lastName?: string;
    emailVerified?: boolean;
    factor?: 'totp' | null;
    /** The user's role in `companyId` (issue 37); the company's owner when not given. */
    companyRole?: CompanyRole;
  } = {},
): Promise<CreatedUser> {
  const email = options.email ?? `user-${unique()}@test.escrowledger.test`;
  const password = options.password === undefined ? TEST_PASSWORD : options.password;
  const firstName = options.firstName ?? 'Test';
  const lastName = options.lastName ?? `User ${unique()}`;
  const { rows } = await pool.query<{ user_id: number }>(
    `INSERT INTO users (first_name, last_name, phone, email, display_name, role, company_id, password_hash, admin_role, email_verified_at, company_role)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, CASE WHEN $10::boolean THEN now() END, $11) RETURNING user_id`,
    [
      firstName,
      lastName,
      options.phone ?? null,
      email,
      `${firstName} ${lastName}`,
      options.role ?? null,
      options.companyId ?? null,
      password ? await hashPassword(password) : null,
      options.role === 'admin' ? (options.adminRole ?? 'owner') : null,
      options.emailVerified ?? true,
      options.companyId ? (options.companyRole ?? null) : null,
    ],
  );
  const userId = rows[0]!.user_id;
  const factor = options.factor === undefined ? (options.role === 'admin' || options.companyId ? 'totp' : null) : options.factor;
  const totpSecret = factor === 'totp' ? await enrolTotp(pool, userId) : null;
  return { userId, email, password: password ?? '', companyId: options.companyId ?? null, name: `${firstName} ${lastName}`, totpSecret };
}

/**
 * Inserts a company with services directly. It gets a verified payout account (events on its
 * stream, linked by "test setup") so payouts to it go out, unless `payoutAccount: false`.
 */
export async function createCompany(
  pool: Pool,
  options: { name?: string; state?: 'AZ' | 'ID' | 'NV' | 'UT'; city?: string; services?: string[]; payoutAccount?: boolean } = {},
): Promise<number> {
  const { rows } = await pool.query<{ company_id: number }>(`INSERT INTO companies (name, city, state) VALUES ($1, $2, $3) RETURNING company_id`, [
    options.name ?? `Test Company ${unique()}`,
    options.city ?? 'Phoenix',
    options.state ?? 'AZ',
  ]);
  const companyId = rows[0]!.company_id;
  for (const service of options.services ?? []) {
    await pool.query('INSERT INTO services (service_name) VALUES ($1) ON CONFLICT DO NOTHING', [service]);
    await pool.query('INSERT INTO company_services (company_id, service_id) SELECT $1, service_id FROM services WHERE service_name = $2', [companyId, service]);
  }
  if (options.payoutAccount !== false) await linkVerifiedPayoutAccount(pool, companyId, 0);
  return companyId;
}

/** A company with one user who can log in: the seller side of a project (with a verified payout account unless `payoutAccount: false`). */
export async function createSeller(
  pool: Pool,
  options: { name?: string; state?: 'AZ' | 'ID' | 'NV' | 'UT'; services?: string[]; factor?: 'totp' | null; payoutAccount?: boolean } = {},
): Promise<CreatedUser & { companyId: number }> {
  const companyId = await createCompany(pool, options);
  const user = await createUser(pool, { companyId, factor: options.factor });
  return { ...user, companyId };
}

/** The newest mail to an address in the outbox (reset links, invitations). */
export async function lastMailTo(pool: Pool, recipient: string): Promise<{ subject: string; body: string } | null> {
  const { rows } = await pool.query<{ subject: string; body: string }>(
    'SELECT subject, body FROM mail_outbox WHERE recipient = $1 ORDER BY mail_id DESC LIMIT 1',
    [recipient],
  );
  return rows[0] ?? null;
}
