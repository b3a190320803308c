import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Pool } from 'pg';

import { hashPassword } from '../../src/identity/passwords';
import { hashSecret, newSecret } from '../../src/identity/tokens';
import { linkVerifiedPayoutAccount } from './bank-accounts';

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

  async login(email: string, password: string): Promise<HttpAnswer> {
    const answer = await this.post('/api/auth/login', { email, password });
    if (answer.status !== 200) throw new Error(`login of ${email} failed: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer;
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
}

/**
 * A logged-in session for a user without going through the login form (no password hashing, no
 * rate limit): the row login would insert. Returns the cookie value.
 */
export async function startSession(pool: Pool, userId: number): Promise<string> {
  const token = newSecret();
  await pool.query(`INSERT INTO sessions (token_hash, user_id, expires_at, user_agent, ip) VALUES ($1, $2, now() + interval '1 day', 'test', '127.0.0.1')`, [
    hashSecret(token),
    userId,
  ]);
  return token;
}

/** Inserts a user directly (tests create their own data). */
export async function createUser(
  pool: Pool,
  options: { role?: 'admin'; companyId?: number | null; password?: string | null; phone?: string; email?: string; firstName?: string; lastName?: string } = {},
): Promise<CreatedUser> {
  const email = options.email ?? `user-${unique()}@test.escrowledger.test`;
  const password = options.password === undefined ? TEST_PASSWORD : options.password;
  const firstName = options.firstName ?? 'Test';
  const lastName = options.lastName ?? `User ${unique()}`;
  const { rows } = await pool.query<{ user_id: number }>(
    `INSERT INTO users (first_name, last_name, phone, email, display_name, role, company_id, password_hash)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING user_id`,
    [
      firstName,
      lastName,
      options.phone ?? null,
      email,
      `${firstName} ${lastName}`,
      options.role ?? null,
      options.companyId ?? null,
      password ? await hashPassword(password) : null,
    ],
  );
  return { userId: rows[0]!.user_id, email, password: password ?? '', companyId: options.companyId ?? null, name: `${firstName} ${lastName}` };
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
  options: { name?: string; state?: 'AZ' | 'ID' | 'NV' | 'UT'; services?: string[]; payoutAccount?: boolean } = {},
): Promise<CreatedUser & { companyId: number }> {
  const companyId = await createCompany(pool, options);
  const user = await createUser(pool, { companyId });
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
