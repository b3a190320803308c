import type { Pool } from 'pg';

import { createUser, HttpSession, TEST_PASSWORD, totpCode } from '../../test/support/http-session';
import { createTestApp, type TestApp } from '../../test/support/test-app';
import { createApp, type RunningApp } from '../bootstrap';
import { PG_POOL } from '../infrastructure/database/database.tokens';
import { OneTimeCodes } from './one-time-codes';
import { SESSION_COOKIE } from './sessions.service';

/**
 * Issue 16.3: several API processes behind one proxy. Sessions live in PostgreSQL; each process
 * keeps the ones it resolved for a few seconds (issue 15.3), and a revocation reaches every
 * process by NOTIFY: the request that revoked answers once its own process got the
 * notification back, by which time PostgreSQL has handed it to every listener. This test fails
 * when a process keeps serving a revoked session from its cache.
 */
/** The session stops being served by this process within `ms` (the NOTIFY's delivery). */
async function refusedWithin(session: HttpSession, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while ((await session.get('/api/user')).body.user_id !== undefined) {
    if (Date.now() > deadline) throw new Error(`the revoked session was still served after ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('sessions across API processes', () => {
  let first: TestApp;
  let second: RunningApp;
  beforeAll(async () => {
    first = await createTestApp();
    second = await createApp({ ...first.config, runProjections: false, runPayments: false }, { logger: false });
  }, 120_000);
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('a login through one process is a session on the other, and a logout through the other ends it everywhere', async () => {
    const user = await createUser(first.db.pool);
    const onFirst = new HttpSession(first.app, '10.99.0.1');
    await onFirst.login(user.email, TEST_PASSWORD);
    // The same browser's next requests reach the other process.
    const onSecond = new HttpSession(second.app, '10.99.0.1')
      .setCookie(SESSION_COOKIE, onFirst.cookie(SESSION_COOKIE))
      .setCookie('XSRF-TOKEN', onFirst.cookie('XSRF-TOKEN'));
    expect((await onSecond.get('/api/user')).body.user_id).toBe(user.userId);
    expect((await onSecond.get('/api/bank-accounts')).status).toBe(200);
    expect((await onSecond.post('/api/auth/logout')).status).toBe(200);
    // The cookie as the first process issued it, sent to that process again: worth nothing now
    // (as soon as the NOTIFY has arrived there: within milliseconds).
    expect(onFirst.cookie(SESSION_COOKIE)).toBeDefined();
    await refusedWithin(onFirst, 1000);
    expect((await onFirst.get('/api/user')).body).toEqual({});
    expect((await onFirst.get('/api/bank-accounts')).status).toBe(401);
  });

  it('a password reset through one process ends the sessions served by the other at once', async () => {
    const user = await createUser(first.db.pool);
    const elsewhere = new HttpSession(second.app, '10.99.0.3');
    await elsewhere.login(user.email, TEST_PASSWORD);
    const sid = elsewhere.cookie(SESSION_COOKIE)!;
    expect((await elsewhere.get('/api/user')).body.user_id).toBe(user.userId);
    const code = await first.app.get(OneTimeCodes).issue(user.userId, 'password_reset');
    expect((await new HttpSession(first.app, '10.99.0.4').put('/api/user/password/reset', { code, password: 'Brand-new-pass-2026' })).status).toBe(200);
    expect(elsewhere.cookie(SESSION_COOKIE)).toBe(sid);
    await refusedWithin(elsewhere, 1000);
    expect((await elsewhere.get('/api/user')).body).toEqual({});
    expect((await elsewhere.get('/api/bank-accounts')).status).toBe(401);
  });

  it('a step-up through one process renews the cookie: the copy the other process served a moment ago is dead there at once', async () => {
    const user = await createUser(first.db.pool, { factor: 'totp' });
    const browser = new HttpSession(first.app, '10.99.0.7');
    await browser.login(user.email, TEST_PASSWORD);
    const copy = new HttpSession(second.app, '10.99.0.8').setCookie(SESSION_COOKIE, browser.cookie(SESSION_COOKIE));
    expect((await copy.get('/api/user')).body.user_id).toBe(user.userId); // now in the second process's memory
    await first.db.pool.query('UPDATE user_totp SET last_used_step = NULL WHERE user_id = $1', [user.userId]);
    expect((await browser.post('/api/auth/step-up', { code: await totpCode() })).status).toBe(200);
    // The revocation reaches the second process with the NOTIFY: within milliseconds. Both apps
    // share this test's event loop, so the other listener's socket may be read a tick later.
    await refusedWithin(copy, 1000);
    expect(await copy.get('/api/user')).toMatchObject({ status: 401, body: { code: 'session_rotated' } });
    const renewed = new HttpSession(second.app, '10.99.0.7').setCookie(SESSION_COOKIE, browser.cookie(SESSION_COOKIE));
    expect((await renewed.get('/api/user')).body.user_id).toBe(user.userId);
  });

  it('serves a session it resolved a moment ago without a session query, and never after a logout', async () => {
    const user = await createUser(first.db.pool);
    const browser = new HttpSession(first.app, '10.99.0.5');
    await browser.login(user.email, TEST_PASSWORD);
    const pool = first.app.get<Pool>(PG_POOL);
    const lookups = jest.spyOn(pool, 'query');
    const sessionQueries = () =>
      lookups.mock.calls.filter(([sql]) => String(typeof sql === 'string' ? sql : (sql as { text?: string }).text).includes('FROM sessions s JOIN users'))
        .length;
    for (let i = 0; i < 5; i++) expect((await browser.get('/api/user')).body.user_id).toBe(user.userId);
    expect(sessionQueries()).toBeLessThanOrEqual(1);
    const sid = browser.cookie(SESSION_COOKIE)!;
    expect((await browser.post('/api/auth/logout')).status).toBe(200);
    // The same cookie kept by someone else, at once on the process that served it from memory.
    const stolen = new HttpSession(first.app, '10.99.0.6').setCookie(SESSION_COOKIE, sid);
    expect((await stolen.get('/api/user')).body).toEqual({});
    lookups.mockRestore();
  });
});
