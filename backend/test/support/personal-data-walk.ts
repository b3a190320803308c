import { generate } from 'otplib';
import type { Pool } from 'pg';

import { DEMO_LOGINS } from '../../src/seed/demo-directory';
import type { DemoSecrets } from '../../src/seed/demo-secrets';

/**
 * A walk through the routes that carry personal data in their path, query or body, as the demo's
 * people would take it, over real HTTP (the built program, or a proxy in front of it): what it
 * returns is every personal value it sent or received, for a test to look for in what the
 * walk left behind (exported spans, a proxy's access log).
 */
export interface WalkTrail {
  /** Values that must not appear anywhere: emails, names, phones, account numbers, codes, tokens, search texts. */
  secrets: string[];
  /** `METHOD /path` of each request, with its answer's status, for a failure's message. */
  requests: string[];
  /** The codes of the mailed links the walk opened. */
  links: { invitation: string; reset: string };
  /** X-Route headers the walk's answers carried (a proxy must keep them to itself). */
  routeHeaders: string[];
}

/** Someone the walk adds: a buyer the seller names, invited by mail. */
const INVITED = { first_name: 'Quinlan', last_name: 'Tracewell', phone: '4805550199', email: 'quinlan.tracewell@example.test' };
const ACCOUNT = { holder_name: 'Jordan Buyer', routing_number: '021000021', account_number: '000987654321' };
const COMPANY_SEARCH = 'Desert Current';
/** The seed's buyer (backend/src/seed/demo-seed.ts): the phone a seller looks a customer up by. */
const BUYER = { phone: '6025550123', first: 'Jordan', last: 'Buyer' };

class WalkClient {
  private readonly cookies = new Map<string, string>();

  constructor(
    private readonly baseUrl: string,
    private readonly trail: WalkTrail,
    private readonly demo: DemoSecrets,
  ) {}

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  async request(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (method !== 'GET' && xsrf) headers['x-xsrf-token'] = xsrf;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const answer = await fetch(`${this.baseUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    for (const line of answer.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    const route = answer.headers.get('x-route');
    if (route) this.trail.routeHeaders.push(route);
    const text = await answer.text();
    this.trail.requests.push(`${method} ${path} → ${answer.status}`);
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    return { status: answer.status, body: parsed };
  }

  async expect(status: number, method: string, path: string, body?: unknown): Promise<any> {
    const answer = await this.request(method, path, body);
    if (answer.status !== status) throw new Error(`${method} ${path} answered ${answer.status}, not ${status}: ${JSON.stringify(answer.body)}`);
    return answer.body;
  }

  /** Logs a demo user in with the password and a code of their authenticator app; remembers the session's tokens as secrets. */
  async login(who: keyof typeof DEMO_LOGINS): Promise<void> {
    await this.expect(200, 'GET', '/api/user');
    const first = await this.expect(200, 'POST', '/api/auth/login', { email: DEMO_LOGINS[who], password: this.demo.password });
    if (first?.second_factor_required)
      await this.expect(200, 'POST', '/api/auth/login/second-factor', { code: await generate({ secret: this.demo.totp[DEMO_LOGINS[who]]! }) });
    for (const name of ['sid', 'XSRF-TOKEN']) if (this.cookies.get(name)) this.trail.secrets.push(this.cookies.get(name)!);
  }
}

/**
 * The link a mail to `recipient` holds under `/prefix/`, read from the outbox (no SMTP in tests).
 * Reset and verification mails are written just after the answer (docs/security.md, "What the
 * answers tell"): wait for them a little.
 */
async function linkCodeMailed(pool: Pool, recipient: string, prefix: string): Promise<string> {
  const pattern = new RegExp(`${prefix}/([^\\s/]+)`);
  for (const until = Date.now() + 10_000; ;) {
    const { rows } = await pool.query<{ body: string }>('SELECT body FROM mail_outbox WHERE recipient = $1 ORDER BY mail_id DESC', [recipient]);
    for (const { body } of rows) {
      const found = pattern.exec(body);
      if (found) return found[1]!;
    }
    if (Date.now() > until) throw new Error(`no mail to ${recipient} holds a ${prefix} link`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The walk, on an installation seeded with the demo data (`demo`: its secrets, from its data
 * folder, backend/src/seed/demo-secrets.ts): a seller looks a customer up by phone,
 * searches companies by name, names a new buyer (whose invitation link is then opened); someone
 * asks for the demo buyer's password reset and opens its link; the buyer links a bank account;
 * an administrator searches users by name and by email.
 */
export async function walkPersonalRoutes(baseUrl: string, pool: Pool, demo: DemoSecrets): Promise<WalkTrail> {
  const trail: WalkTrail = {
    secrets: [
      ...Object.values(DEMO_LOGINS),
      ...Object.values(demo.totp),
      demo.password,
      ...Object.values(INVITED),
      `${BUYER.first} ${BUYER.last}`,
      BUYER.first,
      BUYER.phone,
      ACCOUNT.account_number,
      ACCOUNT.routing_number,
      COMPANY_SEARCH,
    ],
    requests: [],
    links: { invitation: '', reset: '' },
    routeHeaders: [],
  };

  const seller = new WalkClient(baseUrl, trail, demo);
  await seller.login('seller');
  const found = await seller.expect(200, 'GET', `/api/customer/search/phone/${BUYER.phone}`);
  if (JSON.stringify(found).indexOf(BUYER.first) < 0) throw new Error(`the phone search did not find the demo buyer: ${JSON.stringify(found)}`);
  await seller.expect(200, 'GET', `/api/companies/search/${encodeURIComponent(COMPANY_SEARCH)}`);
  await seller.expect(200, 'GET', `/api/companies/search?state=AZ&service=Electrical`);
  await seller.expect(201, 'POST', '/api/job/customer/new', INVITED);
  const invitation = await linkCodeMailed(pool, INVITED.email, '/customer/new');
  trail.secrets.push(invitation);
  trail.links.invitation = invitation;
  await seller.expect(200, 'GET', `/api/auth/invite/${invitation}`);

  const stranger = new WalkClient(baseUrl, trail, demo);
  await stranger.expect(200, 'GET', '/api/user');
  await stranger.expect(200, 'POST', '/api/user/password/forgot', { email: DEMO_LOGINS.buyer });
  const reset = await linkCodeMailed(pool, DEMO_LOGINS.buyer, '/password/reset');
  trail.secrets.push(reset);
  trail.links.reset = reset;
  await stranger.expect(200, 'GET', `/api/auth/customer/${reset}`);
  // A lookup by a code that does not exist carries a token in its path just the same.
  await stranger.request('GET', `/api/auth/invite/${reset}x`);

  const buyer = new WalkClient(baseUrl, trail, demo);
  await buyer.login('buyer');
  await buyer.expect(201, 'POST', '/api/bank-accounts', { purpose: 'deposit', ...ACCOUNT });

  const admin = new WalkClient(baseUrl, trail, demo);
  await admin.login('admin');
  await admin.expect(200, 'GET', `/api/admin/users?search=${BUYER.first}`);
  await admin.expect(200, 'GET', `/api/admin/users?search=${encodeURIComponent(DEMO_LOGINS.buyer)}`);
  return trail;
}

/**
 * The secrets of a walk found in `text`, in any of the forms a URL or a JSON string gives them
 * (as sent, percent-encoded, with `+` for spaces), compared without regard to case.
 */
export function secretsIn(text: string, secrets: readonly string[]): string[] {
  const haystack = text.toLowerCase();
  const forms = (secret: string) => [secret, encodeURIComponent(secret), encodeURIComponent(secret).replace(/%20/g, '+')].map((form) => form.toLowerCase());
  return [...new Set(secrets)].filter((secret) => forms(secret).some((form) => haystack.includes(form)));
}
