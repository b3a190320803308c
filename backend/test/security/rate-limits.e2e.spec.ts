import { createApp, type RunningApp } from '../../src/bootstrap';
import { DEFAULT_RATE_LIMITS, type RateLimitPolicy } from '../../src/config/rate-limit-policy';
import { DEVICE_COOKIE } from '../../src/identity/device-cookies';
import { OneTimeCodes } from '../../src/identity/one-time-codes';
import { type CreatedUser, createUser, HttpSession, TEST_PASSWORD } from '../support/http-session';
import { afterAnswers, createTestApp, type TestApp } from '../support/test-app';
import { changedTables, fingerprint } from './state-fingerprint.test-kit';

let addressCounter = 0;
/** A client address of its own per test, from outside this host (so X-Forwarded-For is not trusted). */
const freshAddress = () => `198.51.100.${++addressCounter}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Issue 8.3, rate limits, with the real limiter: failed logins per account and per client
 * address, password-reset requests per email and per address, reset and invitation code checks
 * per address. Each refusal is a 429 with a message saying what to do and a Retry-After header,
 * refuses even correct credentials while it lasts, changes nothing, and ends with its window.
 */
function cookieHeader(headers: Record<string, unknown>, name: string): string {
  const all = ([] as string[]).concat((headers['set-cookie'] as string | string[] | undefined) ?? []);
  const found = all.find((c) => c.startsWith(`${name}=`));
  if (!found) throw new Error(`no ${name} cookie in ${JSON.stringify(all)}`);
  return found;
}

describe('security: rate limits', () => {
  describe('with the product policy', () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await createTestApp();
    }, 120_000);
    afterAll(() => app?.close());

    const client = (address = freshAddress()) => new HttpSession(app.http, address);

    it(`locks an account after ${DEFAULT_RATE_LIMITS.loginChecksPerEmail.points} failed logins, even for the right password, for ${DEFAULT_RATE_LIMITS.loginChecksPerEmail.seconds / 60} minutes`, async () => {
      const victim = await createUser(app.db.pool);
      for (let i = 0; i < DEFAULT_RATE_LIMITS.loginChecksPerEmail.points; i++) {
        // Each guess from another address: the per-account limit holds however the attacker spreads out.
        expect((await client().post('/api/auth/login', { email: victim.email, password: `wrong-guess-${i}` })).status).toBe(401);
      }
      const before = await fingerprint(app.ownerPool());
      const blocked = await client().post('/api/auth/login', { email: victim.email, password: TEST_PASSWORD });
      expect(blocked.status).toBe(429);
      expect(blocked.body.message).toBe('Too many failed logins for this email. Try again in 15 minutes.');
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(14 * 60);
      expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
      expect(blocked.headers['set-cookie'] ?? '').not.toContain('sid=');
      expect(await changedTables(app.ownerPool(), before, await fingerprint(app.ownerPool()))).toEqual([]);
      // The email is matched as the login form sends it: case and spaces do not open a new count.
      expect((await client().post('/api/auth/login', { email: `  ${victim.email.toUpperCase()} `, password: TEST_PASSWORD })).status).toBe(429);
    });

    it(`lets at most ${DEFAULT_RATE_LIMITS.loginChecksPerEmail.points} of 30 guesses sent at once reach the password check, from many addresses or one`, async () => {
      const points = DEFAULT_RATE_LIMITS.loginChecksPerEmail.points;
      for (const spread of ['many addresses', 'one address'] as const) {
        const victim = await createUser(app.db.pool);
        const address = freshAddress();
        const answers = await Promise.all(
          Array.from({ length: 30 }, (_, i) =>
            client(spread === 'one address' ? address : freshAddress()).post('/api/auth/login', { email: victim.email, password: `parallel-guess-${i}` }),
          ),
        );
        const statuses = answers.map((a) => a.status);
        // A 401 is a password checked (and found wrong); a 429 never reached the check.
        expect({ spread, checked: statuses.filter((s) => s === 401).length, refused: statuses.filter((s) => s === 429).length }).toEqual({
          spread,
          checked: points,
          refused: 30 - points,
        });
        for (const refused of answers.filter((a) => a.status === 429))
          expect(refused.body.message).toMatch(/^Too many failed logins for (this email|your network address)\. Try again in \d+ minutes?\.$/);
      }
    });

    it('keeps a browser that logged in before able to log in while strangers have locked the email, on its own allowance', async () => {
      const points = DEFAULT_RATE_LIMITS.loginChecksPerEmail.points;
      const owner = await createUser(app.db.pool);
      const browser = client();
      const first = await browser.login(owner.email, TEST_PASSWORD);
      const cookie = cookieHeader(first.headers, DEVICE_COOKIE);
      // The login routes only (password, second step, passkey): issue 25 moved it from /api/auth/login.
      expect(cookie).toMatch(/; Path=\/api\/auth;/);
      expect(cookie).toMatch(/; HttpOnly/);
      expect(cookie).toMatch(/; Max-Age=31536000/);
      expect((await browser.post('/api/auth/logout')).status).toBe(200);

      for (let i = 0; i < points; i++) expect((await client().post('/api/auth/login', { email: owner.email, password: `stranger-${i}` })).status).toBe(401);
      expect((await client().post('/api/auth/login', { email: owner.email, password: TEST_PASSWORD })).status).toBe(429);
      // The owner's browser still gets in, and signing in again does not reopen the email to strangers.
      expect((await browser.post('/api/auth/login', { email: owner.email, password: TEST_PASSWORD })).status).toBe(200);
      expect((await client().post('/api/auth/login', { email: owner.email, password: `stranger-again` })).status).toBe(429);

      // A forged or copied-and-edited cookie is a stranger's.
      const forged = client().setCookie(
        DEVICE_COOKIE,
        browser.cookie(DEVICE_COOKIE)!.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
      );
      expect((await forged.post('/api/auth/login', { email: owner.email, password: TEST_PASSWORD })).status).toBe(429);
      // So is one spelled differently yet decoding to the same signature (the last character's spare bits).
      const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
      const respelled = client().setCookie(
        DEVICE_COOKIE,
        browser.cookie(DEVICE_COOKIE)!.replace(/.$/, (c) => alphabet[alphabet.indexOf(c) ^ 1]!),
      );
      expect((await respelled.post('/api/auth/login', { email: owner.email, password: TEST_PASSWORD })).status).toBe(429);
      // The browser's allowance is its own and ends too: a stolen laptop gets no more guesses than anyone.
      expect((await browser.post('/api/auth/logout')).status).toBe(200);
      for (let i = 0; i < points; i++) expect((await browser.post('/api/auth/login', { email: owner.email, password: `typo-${i}` })).status).toBe(401);
      expect((await browser.post('/api/auth/login', { email: owner.email, password: TEST_PASSWORD })).status).toBe(429);
    });

    it("gives a device cookie of one account no allowance on another account's email", async () => {
      const points = DEFAULT_RATE_LIMITS.loginChecksPerEmail.points;
      const [mine, theirs] = [await createUser(app.db.pool), await createUser(app.db.pool)];
      const browser = client();
      await browser.login(mine.email, TEST_PASSWORD);
      await browser.post('/api/auth/logout');
      for (let i = 0; i < points; i++) expect((await browser.post('/api/auth/login', { email: theirs.email, password: `guess-${i}` })).status).toBe(401);
      expect((await client().post('/api/auth/login', { email: theirs.email, password: TEST_PASSWORD })).status).toBe(429);
    });

    it('counts only failures in a row: a successful login starts the count again', async () => {
      const user = await createUser(app.db.pool);
      const points = DEFAULT_RATE_LIMITS.loginChecksPerEmail.points;
      for (let round = 0; round < 2; round++) {
        for (let i = 0; i < points - 1; i++)
          expect((await client().post('/api/auth/login', { email: user.email, password: 'wrong-password' })).status).toBe(401);
        expect((await client().post('/api/auth/login', { email: user.email, password: TEST_PASSWORD })).status).toBe(200);
      }
    });

    it(`refuses a client address after ${DEFAULT_RATE_LIMITS.loginFailuresPerAddress.points} failed logins on any accounts, and X-Forwarded-For does not get around it`, async () => {
      const address = freshAddress();
      const user = await createUser(app.db.pool);
      for (let i = 0; i < DEFAULT_RATE_LIMITS.loginFailuresPerAddress.points; i++) {
        expect((await client(address).post('/api/auth/login', { email: `nobody-${i}@example.com`, password: 'whatever-1234' })).status).toBe(400);
      }
      const blocked = await client(address).post('/api/auth/login', { email: user.email, password: TEST_PASSWORD });
      expect(blocked.status).toBe(429);
      expect(blocked.body.message).toBe('Too many failed logins for your network address. Try again in 15 minutes.');
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      const spoofed = await client(address).post('/api/auth/login', { email: user.email, password: TEST_PASSWORD }, { 'x-forwarded-for': '192.0.2.77' });
      expect(spoofed.status).toBe(429);
      // Other people are not locked out with the attacker.
      expect((await client().post('/api/auth/login', { email: user.email, password: TEST_PASSWORD })).status).toBe(200);
    });

    it(`sends at most ${DEFAULT_RATE_LIMITS.resetRequestsPerEmail.points} reset emails an hour to one address, and nothing more once refused`, async () => {
      const user = await createUser(app.db.pool);
      for (let i = 0; i < DEFAULT_RATE_LIMITS.resetRequestsPerEmail.points; i++) {
        expect((await client().post('/api/user/password/forgot', { email: user.email })).status).toBe(200);
      }
      await afterAnswers(app);
      const before = await fingerprint(app.ownerPool());
      const blocked = await client().post('/api/user/password/forgot', { email: user.email });
      expect(blocked.status).toBe(429);
      expect(blocked.body.message).toBe('Too many reset requests for this email. Try again in 60 minutes.');
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(59 * 60);
      expect(await changedTables(app.ownerPool(), before, await fingerprint(app.ownerPool()))).toEqual([]);
      const { rows } = await app.db.pool.query('SELECT count(*)::int AS n FROM mail_outbox WHERE recipient = $1', [user.email]);
      expect(rows[0].n).toBe(DEFAULT_RATE_LIMITS.resetRequestsPerEmail.points);
    });

    it(`refuses reset requests from one address after ${DEFAULT_RATE_LIMITS.resetRequestsPerAddress.points} an hour`, async () => {
      const address = freshAddress();
      for (let i = 0; i < DEFAULT_RATE_LIMITS.resetRequestsPerAddress.points; i++) {
        const user = await createUser(app.db.pool, { password: null });
        expect((await client(address).post('/api/user/password/forgot', { email: user.email })).status).toBe(200);
      }
      const last = await createUser(app.db.pool, { password: null });
      const blocked = await client(address).post('/api/user/password/forgot', { email: last.email });
      expect(blocked.status).toBe(429);
      expect(blocked.body.message).toBe('Too many reset requests from your network address. Try again in 60 minutes.');
    });

    it(`refuses reset and invitation codes from one address after ${DEFAULT_RATE_LIMITS.codeChecksPerAddress.points} tries, valid or not`, async () => {
      const address = freshAddress();
      const user = await createUser(app.db.pool);
      for (let i = 0; i < DEFAULT_RATE_LIMITS.codeChecksPerAddress.points; i++) {
        const guess = `guessed-code-${i}-${'x'.repeat(20)}`;
        const answer =
          i % 3 === 0
            ? await client(address).put('/api/user/password/reset', { code: guess, password: 'Brand-new-pass-2026' })
            : await client(address).get(`/api/auth/${i % 3 === 1 ? 'customer' : 'invite'}/${guess}`);
        expect(answer.status).toBe(404);
      }
      const code = await app.http.get(OneTimeCodes).issue(user.userId, 'password_reset');
      const before = await fingerprint(app.ownerPool());
      const blocked = await client(address).put('/api/user/password/reset', { code, password: 'Brand-new-pass-2026' });
      expect(blocked.status).toBe(429);
      expect(blocked.body.message).toBe('Too many attempts with links or codes. Try again in 15 minutes.');
      expect(await changedTables(app.ownerPool(), before, await fingerprint(app.ownerPool()))).toEqual([]);
      // The code itself is still good, from somewhere that is not guessing.
      expect((await client().put('/api/user/password/reset', { code, password: 'Brand-new-pass-2026' })).status).toBe(200);
    });
  });

  describe('with short windows', () => {
    const WINDOW_SECONDS = 6;
    const policy: RateLimitPolicy = {
      ...DEFAULT_RATE_LIMITS,
      loginChecksPerEmail: { points: 2, seconds: WINDOW_SECONDS },
      resetRequestsPerEmail: { points: 1, seconds: WINDOW_SECONDS },
    };
    let app: TestApp;
    let user: CreatedUser;
    beforeAll(async () => {
      app = await createTestApp({ rateLimits: policy });
      user = await createUser(app.db.pool);
    }, 120_000);
    afterAll(() => app?.close());

    /** Waits out a refusal's Retry-After (plus a margin for a busy machine), checking it holds until then. */
    async function waitOut(retryAfter: unknown, stillRefused: () => Promise<number>): Promise<void> {
      const seconds = Number(retryAfter);
      expect(seconds).toBeGreaterThan(0);
      expect(seconds).toBeLessThanOrEqual(WINDOW_SECONDS);
      expect(await stillRefused()).toBe(429);
      await sleep(seconds * 1000 + 1500);
    }

    it('lets the account log in again once the window has passed', async () => {
      const login = (password: string) => new HttpSession(app.http, freshAddress()).post('/api/auth/login', { email: user.email, password });
      expect((await login('wrong-password')).status).toBe(401);
      expect((await login('wrong-password')).status).toBe(401);
      const blocked = await login(TEST_PASSWORD);
      expect(blocked.status).toBe(429);
      expect(blocked.body.message).toBe('Too many failed logins for this email. Try again in 1 minute.');
      await waitOut(blocked.headers['retry-after'], async () => (await login(TEST_PASSWORD)).status);
      expect((await login(TEST_PASSWORD)).status).toBe(200);
    });

    it('sends a reset email again once the window has passed', async () => {
      const forgot = () => new HttpSession(app.http, freshAddress()).post('/api/user/password/forgot', { email: user.email });
      expect((await forgot()).status).toBe(200);
      const blocked = await forgot();
      expect(blocked.status).toBe(429);
      await waitOut(blocked.headers['retry-after'], async () => (await forgot()).status);
      expect((await forgot()).status).toBe(200);
    });
  });

  describe('with two API processes on one database', () => {
    let first: TestApp;
    let second: RunningApp;
    beforeAll(async () => {
      first = await createTestApp();
      // A second application on the same database, as a second API process behind the proxy would be.
      second = await createApp({ ...first.config, runProjections: false, runPayments: false }, { logger: false });
    }, 120_000);
    afterAll(async () => {
      await second?.close();
      await first?.close();
    });

    const via = (running: RunningApp) => new HttpSession(running.app, freshAddress());

    it('shares the count: guesses spread over both processes get five checks in all', async () => {
      const points = DEFAULT_RATE_LIMITS.loginChecksPerEmail.points;
      const victim = await createUser(first.db.pool);
      expect((await via(first).post('/api/auth/login', { email: victim.email, password: 'one' })).status).toBe(401);
      expect((await via(second).post('/api/auth/login', { email: victim.email, password: 'two' })).status).toBe(401);
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) => via(i % 2 ? first : second).post('/api/auth/login', { email: victim.email, password: `guess-${i}` })),
      );
      expect(answers.filter((a) => a.status === 401)).toHaveLength(points - 2);
      expect(answers.filter((a) => a.status === 429)).toHaveLength(30 - (points - 2));
      for (const running of [first, second])
        expect((await via(running).post('/api/auth/login', { email: victim.email, password: TEST_PASSWORD })).status).toBe(429);
    });

    it('accepts a device cookie issued by the other process', async () => {
      const owner = await createUser(first.db.pool);
      const browser = via(first);
      await browser.login(owner.email, TEST_PASSWORD);
      await browser.post('/api/auth/logout');
      for (let i = 0; i < DEFAULT_RATE_LIMITS.loginChecksPerEmail.points; i++)
        await via(second).post('/api/auth/login', { email: owner.email, password: `stranger-${i}` });
      const onSecond = via(second).setCookie(DEVICE_COOKIE, browser.cookie(DEVICE_COOKIE));
      expect((await onSecond.post('/api/auth/login', { email: owner.email, password: TEST_PASSWORD })).status).toBe(200);
    });
  });

  describe('behind a reverse proxy that the API trusts (TRUSTED_PROXIES)', () => {
    const PROXY = '10.77.0.10';
    let app: TestApp;
    beforeAll(async () => {
      app = await createTestApp({ trustedProxies: PROXY });
    }, 120_000);
    afterAll(() => app?.close());

    /** A browser at `client`, its requests relayed by the proxy, which names it in X-Forwarded-For. */
    const viaProxy = (client: string) => {
      const session = new HttpSession(app.http, PROXY);
      return (email: string, password: string) => session.post('/api/auth/login', { email, password }, { 'x-forwarded-for': client });
    };

    it('counts failed logins per client address, not per proxy: one client locked out leaves the others be', async () => {
      const attacker = viaProxy('203.0.113.50');
      for (let i = 0; i < DEFAULT_RATE_LIMITS.loginFailuresPerAddress.points; i++)
        expect((await attacker(`nobody-${i}@example.com`, 'whatever-1234')).status).toBe(400);
      const user = await createUser(app.db.pool);
      expect((await attacker(user.email, TEST_PASSWORD)).status).toBe(429);
      expect((await viaProxy('203.0.113.51')(user.email, TEST_PASSWORD)).status).toBe(200);
    });
  });
});
