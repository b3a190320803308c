import { createUser, HttpSession, TEST_PASSWORD } from '../../test/support/http-session';
import { createTestApp, type TestApp } from '../../test/support/test-app';
import { createApp, type RunningApp } from '../bootstrap';
import { OneTimeCodes } from './one-time-codes';
import { SESSION_COOKIE } from './sessions.service';

/**
 * Issue 16.3: several API processes behind one proxy. Sessions live only in PostgreSQL (no
 * process keeps a copy), so a session ended through one process is gone for every other at the
 * next request. This test fails as soon as someone adds a per-process session cache without
 * invalidating it across processes (LISTEN/NOTIFY would be the way).
 */
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
    // The cookie as the first process issued it, sent to that process again: worth nothing now.
    expect(onFirst.cookie(SESSION_COOKIE)).toBeDefined();
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
    expect((await elsewhere.get('/api/user')).body).toEqual({});
    expect((await elsewhere.get('/api/bank-accounts')).status).toBe(401);
  });
});
