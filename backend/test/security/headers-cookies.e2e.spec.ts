import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { type CreatedUser, createUser, HttpSession, TEST_PASSWORD } from '../support/http-session';
import { createTestApp, type TestApp } from '../support/test-app';

type Headers = Record<string, string | string[] | number | undefined>;

const setCookies = (headers: Headers): string[] => {
  const value = headers['set-cookie'];
  return value === undefined ? [] : Array.isArray(value) ? value : [String(value)];
};
const cookieNamed = (headers: Headers, name: string): string => {
  const found = setCookies(headers).find((c) => c.startsWith(`${name}=`));
  if (!found) throw new Error(`no ${name} cookie in ${JSON.stringify(headers['set-cookie'])}`);
  return found;
};
const attributes = (cookie: string) =>
  new Set(
    cookie
      .split(';')
      .slice(1)
      .map((a) => a.trim().split('=')[0]!.toLowerCase()),
  );

function cspDirectives(headers: Headers): Map<string, string[]> {
  const csp = String(headers['content-security-policy'] ?? '');
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name, ...values] = d.split(/\s+/);
        return [name!, values];
      }),
  );
}

/** What every answer of ours carries, HTML and JSON alike. */
function expectSecurityHeaders(headers: Headers, what: string): void {
  const csp = cspDirectives(headers);
  expect({ what, defaultSrc: csp.get('default-src') }).toEqual({ what, defaultSrc: ["'self'"] });
  expect({ what, scriptSrc: csp.get('script-src') }).toEqual({ what, scriptSrc: ["'self'"] }); // no inline scripts, no eval
  expect({ what, frameAncestors: csp.get('frame-ancestors') }).toEqual({ what, frameAncestors: ["'none'"] });
  expect({ what, objectSrc: csp.get('object-src') }).toEqual({ what, objectSrc: ["'none'"] });
  expect({ what, baseUri: csp.get('base-uri') }).toEqual({ what, baseUri: ["'self'"] });
  expect({ what, formAction: csp.get('form-action') }).toEqual({ what, formAction: ["'self'"] });
  expect({
    what,
    nosniff: headers['x-content-type-options'],
    frameOptions: headers['x-frame-options'],
    referrer: headers['referrer-policy'],
    opener: headers['cross-origin-opener-policy'],
    poweredBy: headers['x-powered-by'],
    server: headers.server,
    cors: headers['access-control-allow-origin'],
  }).toEqual({
    what,
    nosniff: 'nosniff',
    frameOptions: 'SAMEORIGIN',
    referrer: 'no-referrer',
    opener: 'same-origin',
    poweredBy: undefined,
    server: undefined,
    cors: undefined,
  });
}

/**
 * Issue 8.3, cookie flags and security headers, on the API and on the HTML of the app (served
 * from a stand-in build folder here; frontend/e2e/injection.spec.ts checks the real build).
 */
describe('security: cookies and headers', () => {
  let app: TestApp;
  let user: CreatedUser;
  let frontendDist: string;

  beforeAll(async () => {
    frontendDist = mkdtempSync(join(tmpdir(), 'escrow-dist-'));
    mkdirSync(join(frontendDist, 'assets'));
    writeFileSync(
      join(frontendDist, 'index.html'),
      '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(join(frontendDist, 'assets', 'app.js'), 'console.log("app");');
    writeFileSync(join(frontendDist, 'assets', 'index-CkVgz-fo.js'), 'console.log("hashed");');
    app = await createTestApp({ frontendDist });
    user = await createUser(app.db.pool);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    rmSync(frontendDist, { recursive: true, force: true });
  });

  describe('the session cookie', () => {
    it('is HttpOnly, SameSite=Lax, for the whole site, and not Secure over plain HTTP', async () => {
      const answer = await new HttpSession(app.http).login(user.email, TEST_PASSWORD);
      const sid = cookieNamed(answer.headers, 'sid');
      expect(sid).toMatch(/^sid=[A-Za-z0-9_-]{40,};/);
      expect(sid).toMatch(/; HttpOnly(;|$)/);
      expect(sid).toMatch(/; SameSite=Lax(;|$)/);
      expect(sid).toMatch(/; Path=\/(;|$)/);
      expect(sid).toMatch(/; Max-Age=604800(;|$)/);
      expect(attributes(sid).has('secure')).toBe(false);
      expect(attributes(sid).has('domain')).toBe(false); // host-only: no sibling subdomain gets it
    });

    it('is Secure behind an HTTPS proxy on this host', async () => {
      const answer = await new HttpSession(app.http, '127.0.0.1').post(
        '/api/auth/login',
        { email: user.email, password: TEST_PASSWORD },
        { 'x-forwarded-proto': 'https' },
      );
      expect(answer.status).toBe(200);
      expect(attributes(cookieNamed(answer.headers, 'sid')).has('secure')).toBe(true);
    });

    it('ignores X-Forwarded-Proto from anywhere else', async () => {
      const answer = await new HttpSession(app.http, '203.0.113.9').post(
        '/api/auth/login',
        { email: user.email, password: TEST_PASSWORD },
        { 'x-forwarded-proto': 'https' },
      );
      expect(attributes(cookieNamed(answer.headers, 'sid')).has('secure')).toBe(false);
    });

    it('is cleared by logout', async () => {
      const s = new HttpSession(app.http);
      await s.login(user.email, TEST_PASSWORD);
      const answer = await s.post('/api/auth/logout');
      expect(cookieNamed(answer.headers, 'sid')).toMatch(/^sid=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/);
    });
  });

  describe('the XSRF-TOKEN cookie', () => {
    it('is readable by the page (not HttpOnly), SameSite=Lax, for the whole site', async () => {
      const answer = await new HttpSession(app.http).get('/api/user');
      const xsrf = cookieNamed(answer.headers, 'XSRF-TOKEN');
      expect(xsrf).toMatch(/^XSRF-TOKEN=[A-Za-z0-9_-]{32};/);
      expect(attributes(xsrf).has('httponly')).toBe(false);
      expect(xsrf).toMatch(/; SameSite=Lax(;|$)/);
      expect(xsrf).toMatch(/; Path=\/(;|$)/);
      expect(attributes(xsrf).has('secure')).toBe(false);
    });

    it('is Secure behind an HTTPS proxy on this host', async () => {
      const answer = await new HttpSession(app.http, '127.0.0.1').get('/api/user', { 'x-forwarded-proto': 'https' });
      expect(attributes(cookieNamed(answer.headers, 'XSRF-TOKEN')).has('secure')).toBe(true);
    });
  });

  describe('a site whose public address is https', () => {
    let httpsApp: TestApp;
    let other: CreatedUser;
    beforeAll(async () => {
      httpsApp = await createTestApp({ publicUrl: 'https://escrow.example' });
      other = await createUser(httpsApp.db.pool);
    }, 120_000);
    afterAll(() => httpsApp?.close());

    it('marks both cookies Secure even when the TLS terminator is on another host', async () => {
      const s = new HttpSession(httpsApp.http, '203.0.113.10');
      const first = await s.get('/api/user');
      expect(attributes(cookieNamed(first.headers, 'XSRF-TOKEN')).has('secure')).toBe(true);
      const login = await s.login(other.email, TEST_PASSWORD);
      expect(attributes(cookieNamed(login.headers, 'sid')).has('secure')).toBe(true);
    });
  });

  describe('security headers', () => {
    it('are on every kind of API answer: success, refusals, errors, unknown routes', async () => {
      const anonymous = new HttpSession(app.http);
      const answers: [string, Promise<{ status: number; headers: Headers }>][] = [
        ['GET /api/user', anonymous.get('/api/user')],
        ['401', anonymous.get('/api/projects')],
        ['400 validation', anonymous.post('/api/auth/login', { email: 42 })],
        ['400 invalid JSON', anonymous.post('/api/auth/login', '{"email":')],
        ['403 CSRF', anonymous.request('POST', '/api/auth/logout', undefined, {}, { withoutCsrf: true })],
        ['404 unknown API route', anonymous.get('/api/no-such-route')],
        ['413 body too large', anonymous.post('/api/contact', { message: 'x'.repeat(1024 * 1024 + 1) })],
      ];
      for (const [what, pending] of answers) {
        const answer = await pending;
        expectSecurityHeaders(answer.headers, what);
      }
    });

    it('keep API answers out of every cache', async () => {
      const s = new HttpSession(app.http);
      await s.login(user.email, TEST_PASSWORD);
      for (const url of ['/api/user', '/api/projects', '/api/bank-accounts']) {
        const answer = await s.get(url);
        expect({ url, cacheControl: answer.headers['cache-control'] }).toEqual({ url, cacheControl: 'no-store' });
      }
      expect((await s.get('/api/projects/nope')).headers['cache-control']).toBe('no-store');
    });

    it('are on the HTML of the app, on a deep link of it, and on its scripts', async () => {
      const anonymous = new HttpSession(app.http);
      for (const url of ['/', '/portal/job/1', '/admin/dashboard', '/assets/app.js']) {
        const answer = await anonymous.get(url);
        expect({ url, status: answer.status }).toEqual({ url, status: 200 });
        expectSecurityHeaders(answer.headers, url);
      }
      const html = await anonymous.get('/portal/job/1');
      expect(String(html.headers['content-type'])).toMatch(/^text\/html/);
      expect(String(html.body)).toContain('<div id="root">');
    });

    it('let a browser keep the hashed scripts for good, and ask again for the page that names them', async () => {
      const anonymous = new HttpSession(app.http);
      const cacheControl = async (url: string) => ({ url, cacheControl: (await anonymous.get(url)).headers['cache-control'] });
      expect(await cacheControl('/assets/index-CkVgz-fo.js')).toEqual({
        url: '/assets/index-CkVgz-fo.js',
        cacheControl: 'public, max-age=31536000, immutable',
      });
      for (const url of ['/', '/index.html', '/portal/job/1', '/assets/app.js'])
        expect(await cacheControl(url)).not.toEqual({ url, cacheControl: expect.stringContaining('immutable') });
    });

    it('answer no cross-origin request: no CORS headers for another site, and a preflight is refused', async () => {
      const anonymous = new HttpSession(app.http);
      const simple = await anonymous.get('/api/user', { origin: 'https://evil.example' });
      expect(simple.headers['access-control-allow-origin']).toBeUndefined();
      expect(simple.headers['access-control-allow-credentials']).toBeUndefined();
      const preflight = await app.http.inject({
        method: 'OPTIONS',
        url: '/api/milestone/deposit',
        headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'x-xsrf-token' },
      });
      expect(preflight.statusCode).toBeGreaterThanOrEqual(400);
      expect(preflight.statusCode).toBeLessThan(500);
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    });
  });
});
