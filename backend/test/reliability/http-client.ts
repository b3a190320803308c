import { randomUUID } from 'node:crypto';

import { generate } from 'otplib';

import { TEST_TOTP_SECRET } from '../support/http-session';

/** The authenticator secrets ApiClient.login enrolled, by email, for later logins of the same user. */
const ENROLLED_SECRETS = new Map<string, string>();

export interface Answer<T = any> {
  status: number;
  body: T;
}

/** A request that got no HTTP answer at all (connection refused or reset, time-out). */
export class NoAnswerError extends Error {}

/**
 * A browser-like client of a real HTTP server: keeps cookies, echoes the XSRF-TOKEN cookie in
 * X-XSRF-TOKEN on mutating requests (as axios does), and sends an Idempotency-Key when asked.
 */
export class ApiClient {
  private readonly cookies = new Map<string, string>();
  private readonly baseUrls: readonly string[];
  private turn = 0;

  /** Several base URLs: API processes behind a load balancer, taken in turn, one per request. */
  constructor(
    baseUrl: string | readonly string[],
    readonly timeoutMs = 30_000,
  ) {
    this.baseUrls = typeof baseUrl === 'string' ? [baseUrl] : baseUrl;
    if (this.baseUrls.length === 0) throw new Error('ApiClient needs a base URL');
  }

  get baseUrl(): string {
    return this.baseUrls[0]!;
  }

  /** The base URL the next request goes to (round robin). */
  private nextBaseUrl(): string {
    return this.baseUrls[this.turn++ % this.baseUrls.length]!;
  }

  get<T = any>(path: string): Promise<Answer<T>> {
    return this.request<T>('GET', path);
  }

  /**
   * Logs in. Deposits and webhook endpoints need a second factor checked within STEP_UP_WINDOW
   * (issue 25): a user without one enrols an authenticator app through the API the first time,
   * as the portal asks them to (which steps the session up); a user with one (enrolled here
   * before, or by createUser) answers the second step with a code of that app.
   */
  async login(email: string, password: string): Promise<void> {
    const answer = await this.request('POST', '/api/auth/login', { email, password });
    if (answer.status !== 200) throw new Error(`login of ${email} failed: ${answer.status} ${JSON.stringify(answer.body)}`);
    if (answer.body?.second_factor_required) {
      // Enrolled here, or by createUser (admins get TEST_TOTP_SECRET).
      const known = ENROLLED_SECRETS.get(email) ?? TEST_TOTP_SECRET;
      for (const steps of [0, 1]) {
        const second = await this.request('POST', '/api/auth/login/second-factor', {
          code: await generate({ secret: known, epoch: Date.now() / 1000 + steps * 30 }),
        });
        if (second.status === 200) return;
        if (!/already used/.test(String(second.body?.message))) throw new Error(`second step of ${email}: ${second.status} ${JSON.stringify(second.body)}`);
      }
      throw new Error(`second step of ${email}: every code was already used`);
    }
    const setup = await this.request<{ secret: string }>('POST', '/api/account/totp/setup');
    if (setup.status !== 200) throw new Error(`authenticator set-up of ${email} failed: ${setup.status} ${JSON.stringify(setup.body)}`);
    const confirmed = await this.request('POST', '/api/account/totp', { code: await generate({ secret: setup.body.secret }) });
    if (confirmed.status !== 200) throw new Error(`authenticator confirmation of ${email} failed: ${confirmed.status} ${JSON.stringify(confirmed.body)}`);
    ENROLLED_SECRETS.set(email, setup.body.secret);
  }

  async request<T = any>(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown, idempotencyKey?: string): Promise<Answer<T>> {
    if (method !== 'GET' && !this.cookies.has('XSRF-TOKEN')) await this.request('GET', '/api/user');
    const headers: Record<string, string> = {};
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (method !== 'GET') headers['x-xsrf-token'] = this.cookies.get('XSRF-TOKEN') ?? '';
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
    let response: Response;
    try {
      response = await fetch(this.nextBaseUrl() + path, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw new NoAnswerError(
        `${method} ${path}: no answer (${(error as Error).cause ? String((error as { cause: unknown }).cause) : (error as Error).message})`,
      );
    }
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const at = pair!.indexOf('=');
      const name = pair!.slice(0, at).trim();
      const value = pair!.slice(at + 1).trim();
      if (value === '' || /max-age=0/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON
    }
    return { status: response.status, body: parsed as T };
  }
}

export const newKey = (): string => randomUUID();
