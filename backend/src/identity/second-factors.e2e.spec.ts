import {
  type CreatedUser,
  createSeller,
  createUser,
  enrolTotp,
  HttpSession,
  lastMailTo,
  startSession,
  TEST_PASSWORD,
  TEST_TOTP_SECRET,
  totpCode,
} from '../../test/support/http-session';
import { afterAnswers, createTestApp, type TestApp } from '../../test/support/test-app';
import { CODE_REUSED, CODE_WRONG } from './second-factors';
import { SESSION_ROTATED } from './sessions.service';
import { EMAIL_UNVERIFIED, SECOND_FACTOR_REQUIRED, STEP_UP_ENROL, STEP_UP_REQUIRED } from './step-up.decorators';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Codes of neighbouring steps are computed from now: keep clear of a step's last seconds so "-1" stays one step back. */
async function awayFromStepEdge(): Promise<void> {
  const into = (Date.now() / 1000) % 30;
  if (into > 26) await sleep((30 - into) * 1000 + 200);
}

/** Issue 25: TOTP, recovery codes, the two-step login, step-up, sessions, email and the security log. */
describe('identity: second factors and step-up', () => {
  let app: TestApp;
  const pool = () => app.db.pool;
  const session = () => new HttpSession(app.http);
  /** A client whose session checked the password now but no second factor (a login, then time passed or no factor yet). */
  const signedIn = async (user: CreatedUser, options: { steppedUp?: boolean } = {}) =>
    session().setCookie('sid', await startSession(pool(), user.userId, { steppedUp: options.steppedUp ?? false }));
  const logKinds = async (userId: number) =>
    (await pool().query<{ kind: string }>('SELECT kind FROM security_log WHERE user_id = $1 ORDER BY entry_id', [userId])).rows.map((r) => r.kind);

  /** The three ways an owner shuts a thief out: each must end what the thief started. */
  const shutOutWays: [string, (user: CreatedUser, s: HttpSession) => Promise<{ status: number }>][] = [
    ['password changed', (_, s) => s.put('/api/account/password', { current_password: TEST_PASSWORD, password: 'Another-pass-2027' })],
    ['other sessions ended', (_, s) => s.delete('/api/account/sessions')],
    [
      'reset link',
      async (user) => {
        await session().post('/api/user/password/forgot', { email: user.email });
        await afterAnswers(app);
        const reset = /\/password\/reset\/([A-Za-z0-9_-]+)/.exec((await lastMailTo(pool(), user.email))!.body)![1];
        return session().put('/api/user/password/reset', { code: reset, password: 'Another-pass-2028' });
      },
    ],
  ];

  beforeAll(async () => {
    app = await createTestApp();
  }, 120_000);
  afterAll(() => app?.close());

  it('enrols an authenticator app: secret and QR code, then a code; ten recovery codes the first time; the secret sealed at rest', async () => {
    const user = await createUser(pool());
    const s = await signedIn(user);
    const setup = await s.post('/api/account/totp/setup');
    expect(setup.status).toBe(200);
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(setup.body.otpauth_url).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    expect(setup.body.qr_data_url).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(setup.body.qr_data_url.split(',')[1], 'base64').toString()).toMatch(/^<svg [^>]*viewBox/);
    const { rows } = await pool().query<{ secret: string }>('SELECT secret FROM user_totp WHERE user_id = $1', [user.userId]);
    expect(rows[0]!.secret).not.toContain(setup.body.secret);

    expect(await s.post('/api/account/totp', { code: '000000' })).toMatchObject({ status: 401, body: { message: CODE_WRONG } });
    const confirmed = await s.post('/api/account/totp', { code: await totpCode(setup.body.secret) });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.recovery_codes).toHaveLength(10);
    for (const code of confirmed.body.recovery_codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(new Set(confirmed.body.recovery_codes).size).toBe(10);

    const me = await s.get('/api/user');
    expect(me.body.security).toMatchObject({ second_factor: true, totp: true, passkeys: 0, recovery_codes_left: 10, email_verified: true });
    expect(Date.parse(me.body.security.stepped_up_until)).toBeGreaterThan(Date.now());
    expect(await logKinds(user.userId)).toEqual(expect.arrayContaining(['totp_enrolled', 'recovery_codes_generated']));
  });

  it('lets a first factor be enrolled only soon after the password', async () => {
    const user = await createUser(pool());
    const s = await signedIn(user);
    await pool().query(`UPDATE sessions SET password_at = now() - interval '11 minutes' WHERE user_id = $1`, [user.userId]);
    await s.post('/api/account/totp/setup');
    const answer = await s.post('/api/account/totp', { code: '123456' });
    expect(answer).toMatchObject({ status: 401, body: { code: 'step_up_required', enrolled: false } });
  });

  it('accepts a code of the previous and the next 30-second step, refuses two steps away, and refuses a code used before', async () => {
    const user = await createUser(pool(), { factor: 'totp' });
    const s = await signedIn(user);
    await awayFromStepEdge();
    expect((await s.post('/api/auth/step-up', { code: await totpCode(TEST_TOTP_SECRET, -2) })).body.message).toBe(CODE_WRONG);
    expect((await s.post('/api/auth/step-up', { code: await totpCode(TEST_TOTP_SECRET, 2) })).body.message).toBe(CODE_WRONG);
    expect((await s.post('/api/auth/step-up', { code: await totpCode(TEST_TOTP_SECRET, -1) })).status).toBe(200);
    const now = await totpCode();
    expect((await s.post('/api/auth/step-up', { code: now })).status).toBe(200);
    expect(await s.post('/api/auth/step-up', { code: now })).toMatchObject({ status: 401, body: { message: CODE_REUSED } });
    // An older step than the last one used is refused too, even if never used itself.
    expect((await s.post('/api/auth/step-up', { code: await totpCode(TEST_TOTP_SECRET, -1) })).body.message).toBe(CODE_REUSED);
    const next = await s.post('/api/auth/step-up', { code: await totpCode(TEST_TOTP_SECRET, 1) });
    expect(next.status).toBe(200);
    expect(Date.parse(next.body.stepped_up_until)).toBeGreaterThan(Date.now() + 590_000);
    expect(await logKinds(user.userId)).toEqual(expect.arrayContaining(['second_factor_failed', 'step_up']));
  });

  it('limits wrong codes per user: the sixth within 15 minutes is refused with 429 and when to retry, even from another client', async () => {
    const user = await createUser(pool(), { factor: 'totp' });
    const s = await signedIn(user);
    for (let i = 0; i < 5; i++) expect((await s.post('/api/auth/step-up', { code: '000000' })).status).toBe(401);
    const blocked = await (await signedIn(user)).post('/api/auth/step-up', { code: await totpCode() });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe('Too many wrong codes. Try again in 15 minutes.');
    expect(blocked.headers['retry-after']).toBeDefined();
  });

  it('uses a recovery code once; codes are stored as keyed hashes only; a new set voids the old one', async () => {
    const user = await createUser(pool(), { factor: 'totp' });
    const s = await signedIn(user, { steppedUp: true });
    const codes: string[] = (await s.post('/api/account/recovery-codes')).body.recovery_codes;
    expect(codes).toHaveLength(10);
    const { rows } = await pool().query<{ code_hash: Buffer }>('SELECT code_hash FROM recovery_codes WHERE user_id = $1', [user.userId]);
    expect(rows).toHaveLength(10);
    for (const row of rows) {
      expect(row.code_hash).toHaveLength(32);
      for (const code of codes) expect(row.code_hash.toString('latin1')).not.toContain(code);
    }
    const other = await signedIn(user);
    expect((await other.post('/api/auth/step-up', { code: codes[0]!.toUpperCase() })).status).toBe(200);
    expect((await other.get('/api/user')).body.security.recovery_codes_left).toBe(9);
    expect((await other.post('/api/auth/step-up', { code: codes[0] })).status).toBe(401);
    await s.post('/api/account/recovery-codes');
    expect((await other.post('/api/auth/step-up', { code: codes[1] })).status).toBe(401);
    expect(await logKinds(user.userId)).toEqual(expect.arrayContaining(['recovery_code_used']));
  });

  it('logs in in two steps: the password alone starts no session; the code does, stepped up', async () => {
    const user = await createUser(pool(), { factor: 'totp' });
    const s = session();
    const first = await s.post('/api/auth/login', { email: user.email, password: TEST_PASSWORD });
    expect(first).toMatchObject({ status: 200, body: { second_factor_required: true, methods: ['totp'] } });
    expect(s.cookie('sid')).toBeUndefined();
    expect(s.cookie('pending_login')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await pool().query('SELECT 1 FROM sessions WHERE user_id = $1', [user.userId])).rows).toHaveLength(0);
    expect((await s.get('/api/user')).body).toEqual({});
    // The pending cookie is worth nothing without the code, and nothing to another browser.
    expect((await session().post('/api/auth/login/second-factor', { code: await totpCode() })).body.code).toBe('login_expired');
    expect((await s.post('/api/auth/login/second-factor', { code: '000000' })).status).toBe(401);
    const second = await s.post('/api/auth/login/second-factor', { code: await totpCode() });
    expect(second.status).toBe(200);
    expect(second.body.user_id).toBe(user.userId);
    expect(s.cookie('pending_login')).toBeUndefined();
    const { rows } = await pool().query<{ second_factor_at: Date | null }>('SELECT second_factor_at FROM sessions WHERE user_id = $1', [user.userId]);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.second_factor_at).not.toBeNull();
    expect(await logKinds(user.userId)).toEqual(expect.arrayContaining(['second_factor_failed', 'login']));
  });

  it("renews the session cookie at a step-up: the step-up is the new cookie's only, the old one answers 401 session_rotated, then is nobody's", async () => {
    const user = await createUser(pool(), { factor: 'totp' });
    const s = await signedIn(user);
    const old = session().setCookie('sid', s.cookie('sid'));
    const row = () => pool().query('SELECT session_id, created_at, expires_at, user_agent FROM sessions WHERE user_id = $1', [user.userId]);
    const before = (await row()).rows;

    const stepped = await s.post('/api/auth/step-up', { code: await totpCode() });
    expect(stepped.status).toBe(200);
    expect(String(stepped.headers['set-cookie'])).toMatch(/sid=[^;]+;.*HttpOnly/);
    expect(String(stepped.headers['set-cookie'])).toContain('SameSite=Lax');
    expect(s.cookie('sid')).not.toBe(old.cookie('sid'));
    // One session still, with its start, expiry and browser, under a new id; the step-up is its own.
    const after = (await row()).rows;
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ created_at: before[0].created_at, expires_at: before[0].expires_at, user_agent: before[0].user_agent });
    expect(after[0].session_id).not.toBe(before[0].session_id);
    expect((await s.get('/api/account/sessions')).body).toEqual([expect.objectContaining({ session_id: Number(after[0].session_id), current: true })]);
    expect(Date.parse((await s.get('/api/user')).body.security.stepped_up_until)).toBeGreaterThan(Date.now());

    // A request the browser had in flight with the old cookie: refused as renewed, on every route, granting nothing.
    expect(await old.get('/api/user')).toMatchObject({ status: 401, body: { code: 'session_rotated', message: SESSION_ROTATED } });
    expect(await old.put('/api/account/email', { email: `old-${user.email}` })).toMatchObject({ status: 401, body: { code: 'session_rotated' } });
    expect((await s.put('/api/account/email', { email: `new-${user.email}` })).status).toBe(200);
    // Minutes later the old cookie is simply nobody's.
    await pool().query(`UPDATE session_rotations SET rotated_at = now() - interval '3 minutes' WHERE user_id = $1`, [user.userId]);
    expect(await old.get('/api/user')).toMatchObject({ status: 200, body: {} });
    expect((await old.get('/api/account/sessions')).status).toBe(401);
  });

  it('lets a browser whose cookie someone else renewed away sign in, ask for a reset and read public pages at once', async () => {
    // The victim's cookie, copied by a thief who steps up with it: the thief's browser now holds
    // the renewed cookie, the victim's the old one (issue 35). The victim must not be locked out.
    const user = await createUser(pool(), { factor: 'totp' });
    const victim = await signedIn(user);
    const thief = session().setCookie('sid', victim.cookie('sid'));
    expect((await thief.post('/api/auth/step-up', { code: await totpCode() })).status).toBe(200);

    // Routes that need the session still say it was renewed (the portal sends them once more).
    expect(await victim.get('/api/account/sessions')).toMatchObject({ status: 401, body: { code: 'session_rotated' } });
    // Routes that need no session answer as to anyone: the public pages, a reset, a login.
    expect((await victim.get('/api/services')).status).toBe(200);
    expect((await victim.post('/api/user/password/forgot', { email: user.email })).status).toBe(200);
    const login = await victim.post('/api/auth/login', { email: user.email, password: TEST_PASSWORD });
    expect(login).toMatchObject({ status: 200, body: { second_factor_required: true } });
    expect((await victim.post('/api/auth/login/second-factor', { code: await totpCode(undefined, 1) })).status).toBe(200);
    // Signed in again, in a session of its own: the thief's goes on only until the victim ends it.
    expect((await victim.get('/api/user')).body).toMatchObject({ user_id: user.userId });
    expect((await victim.delete('/api/account/sessions')).status).toBeLessThan(300);
    expect((await thief.get('/api/account/sessions')).status).toBe(401);
  });

  it('renews the session cookie when a factor is enrolled, when the email change is confirmed in the same browser, and when the other sessions end', async () => {
    const user = await createUser(pool());
    const s = await signedIn(user);
    const renewed = async (what: string, act: () => Promise<{ status: number }>) => {
      const old = s.cookie('sid');
      expect({ what, status: (await act()).status }).toEqual({ what, status: 200 });
      expect({ what, renewed: s.cookie('sid') !== old }).toEqual({ what, renewed: true });
      expect((await session().setCookie('sid', old).get('/api/account/sessions')).status).toBe(401);
    };
    const setup = (await s.post('/api/account/totp/setup')).body;
    await renewed('authenticator app enrolled', async () => s.post('/api/account/totp', { code: await totpCode(setup.secret) }));
    await renewed('email change asked', () => s.put('/api/account/email', { email: `changed-${user.email}` }));
    const code = /\/confirm-email\/([A-Za-z0-9_-]+)/.exec((await lastMailTo(pool(), `changed-${user.email}`))!.body)![1];
    await renewed('email change confirmed', () => s.post('/api/auth/email/confirm', { code }));
    await signedIn(user);
    await renewed('other sessions ended', () => s.delete('/api/account/sessions'));
    expect((await s.get('/api/user')).body.email).toBe(`changed-${user.email}`);
  });

  it('asks for a fresh second factor once STEP_UP_WINDOW has passed, and without a factor asks to enrol', async () => {
    const user = await createUser(pool(), { factor: 'totp' });
    const s = await signedIn(user, { steppedUp: true });
    await pool().query(`UPDATE sessions SET second_factor_at = now() - interval '599 seconds' WHERE user_id = $1`, [user.userId]);
    expect((await s.put('/api/account/email', { email: `still-${user.email}` })).status).toBe(200);
    await pool().query(`UPDATE sessions SET second_factor_at = now() - interval '601 seconds' WHERE user_id = $1`, [user.userId]);
    expect(await s.put('/api/account/email', { email: `late-${user.email}` })).toMatchObject({
      status: 401,
      body: { message: STEP_UP_REQUIRED, code: 'step_up_required', enrolled: true },
    });
    expect((await s.post('/api/auth/step-up', { code: await totpCode() })).status).toBe(200);
    expect((await s.put('/api/account/email', { email: `late-${user.email}` })).status).toBe(200);

    const without = await createUser(pool());
    expect(await (await signedIn(without)).put('/api/account/email', { email: `x-${without.email}` })).toMatchObject({
      status: 401,
      body: { message: STEP_UP_ENROL, code: 'step_up_required', enrolled: false },
    });
  });

  it('needs a fresh second factor on every route that moves money or changes where it goes', async () => {
    const admin = await createUser(pool(), { role: 'admin' });
    const seller = await createSeller(pool());
    await enrolTotp(pool(), seller.userId);
    const buyer = await createUser(pool(), { factor: 'totp' });
    const marked: [CreatedUser, 'POST' | 'PUT' | 'DELETE', string][] = [
      [buyer, 'POST', '/api/milestone/deposit'],
      [admin, 'POST', '/api/admin/milestones/1/dispute/resolve'],
      [admin, 'POST', '/api/admin/job/1/retainage/resolve'],
      [admin, 'POST', '/api/admin/users/1/second-factors/reset'],
      [seller, 'POST', '/api/webhooks/endpoints'],
      [seller, 'PUT', '/api/webhooks/endpoints/1'],
      [seller, 'POST', '/api/webhooks/endpoints/1/rotate-secret'],
      [buyer, 'PUT', '/api/account/email'],
      [buyer, 'PUT', '/api/account/password'],
      [buyer, 'POST', '/api/account/totp'],
      [buyer, 'DELETE', '/api/account/totp'],
      [buyer, 'POST', '/api/account/recovery-codes'],
      [buyer, 'POST', '/api/account/passkeys'],
      [buyer, 'DELETE', '/api/account/passkeys/1'],
    ];
    for (const [user, method, url] of marked) {
      const answer = await (await signedIn(user)).request(method, url, {});
      expect({ url, status: answer.status, code: answer.body?.code }).toEqual({ url, status: 401, code: 'step_up_required' });
    }
  });

  it('keeps the admin console closed to an admin without a second factor, but not their own account pages', async () => {
    const admin = await createUser(pool(), { role: 'admin', factor: null });
    const s = await signedIn(admin);
    expect(await s.get('/api/admin/contractor-applications')).toMatchObject({
      status: 403,
      body: { message: SECOND_FACTOR_REQUIRED, code: 'second_factor_required' },
    });
    expect((await s.get('/api/user')).body.security.second_factor).toBe(false);
    expect((await s.get('/api/account/security')).status).toBe(200);
    await enrolTotp(pool(), admin.userId);
    expect((await (await signedIn(admin)).get('/api/admin/contractor-applications')).status).toBe(200);
  });

  it('requires a second factor before a company user manages webhook endpoints', async () => {
    const seller = await createSeller(pool(), { factor: null });
    expect(await (await signedIn(seller, { steppedUp: true })).get('/api/webhooks/endpoints')).toMatchObject({
      status: 403,
      body: { code: 'second_factor_required' },
    });
  });

  it('lists the sessions, ends one, and ends all the others', async () => {
    const user = await createUser(pool());
    const here = await signedIn(user);
    const second = await signedIn(user);
    const third = await signedIn(user);
    const list = (await here.get('/api/account/sessions')).body;
    expect(list).toHaveLength(3);
    expect(list.filter((x: { current: boolean }) => x.current)).toHaveLength(1);
    expect(list[0]).toMatchObject({ browser: expect.any(String), ip: '127.0.0.1' });
    const secondId = (await second.get('/api/account/sessions')).body.find((x: { current: boolean }) => x.current).session_id;
    expect((await here.delete(`/api/account/sessions/${secondId}`)).status).toBe(200);
    expect((await second.get('/api/user')).body).toEqual({});
    expect((await here.delete(`/api/account/sessions/${secondId}`)).status).toBe(404);
    expect((await here.delete('/api/account/sessions')).body).toEqual({ ended: 1 });
    expect((await third.get('/api/user')).body).toEqual({});
    expect((await here.get('/api/user')).body.user_id).toBe(user.userId);
    // Another user's session id is not found, not ended.
    const stranger = await createUser(pool());
    const strangerSession = await signedIn(stranger);
    const strangerId = (await strangerSession.get('/api/account/sessions')).body[0].session_id;
    expect((await here.delete(`/api/account/sessions/${strangerId}`)).status).toBe(404);
    expect((await strangerSession.get('/api/user')).body.user_id).toBe(stranger.userId);
    expect(await logKinds(user.userId)).toEqual(expect.arrayContaining(['session_ended', 'sessions_ended']));
  });

  it('mails the user about a login from a browser never seen before, not again from the same browser', async () => {
    const user = await createUser(pool());
    const s = session();
    await s.login(user.email, TEST_PASSWORD);
    const mail = await lastMailTo(pool(), user.email);
    expect(mail?.subject).toBe('New sign-in to your Escrow Ledger account');
    expect(mail?.body).toMatch(/Browser: .*\n {2}Address: 10\.[0-9.]+\n {2}Time: /);
    expect(mail?.body).toContain('/portal/account/security');
    await pool().query('DELETE FROM mail_outbox WHERE recipient = $1', [user.email]);
    await s.post('/api/auth/logout');
    await s.login(user.email, TEST_PASSWORD);
    expect(await lastMailTo(pool(), user.email)).toBeNull();
    expect((await logKinds(user.userId)).filter((k) => k === 'new_browser_login')).toHaveLength(1);
  });

  it('verifies a new account by the mailed link; until then no deposit or signing', async () => {
    const s = session();
    const email = `verify-${Date.now()}@test.escrowledger.test`;
    const signup = await s.post('/api/auth/signup', { first_name: 'Vera', last_name: 'Verify', phone: '6025550111', email, password: 'Long-enough-2026' });
    expect(signup.status).toBe(201);
    expect((await s.get('/api/user')).body.security.email_verified).toBe(false);
    await pool().query('UPDATE sessions SET second_factor_at = now() WHERE user_id = $1', [signup.body.user_id]);
    expect(await s.post('/api/milestone/deposit', { milestone_id: 1 })).toMatchObject({
      status: 403,
      body: { message: EMAIL_UNVERIFIED, code: 'email_unverified' },
    });
    expect(await s.post('/api/job/1/agreement/sign', {})).toMatchObject({ status: 403, body: { code: 'email_unverified' } });
    await afterAnswers(app);
    const code = /\/verify-email\/([A-Za-z0-9_-]+)/.exec((await lastMailTo(pool(), email))!.body)![1];
    expect((await session().post('/api/auth/email/verify', { code: 'not-a-code' })).status).toBe(404);
    expect((await session().post('/api/auth/email/verify', { code })).status).toBe(200);
    expect((await session().post('/api/auth/email/verify', { code })).status).toBe(404);
    expect((await s.get('/api/user')).body.security.email_verified).toBe(true);
    expect((await s.post('/api/milestone/deposit', { milestone_id: 1 })).body.code).not.toBe('email_unverified');
  });

  it('changes the email only from the link mailed to the new address, with a notice to the old one', async () => {
    const user = await createUser(pool(), { factor: 'totp' });
    const s = await signedIn(user, { steppedUp: true });
    const newEmail = `new-${user.email}`;
    expect((await s.put('/api/account/email', { email: newEmail })).status).toBe(200);
    expect((await lastMailTo(pool(), user.email))?.body).toContain(newEmail);
    expect((await pool().query('SELECT email FROM users WHERE user_id = $1', [user.userId])).rows[0].email).toBe(user.email);
    const code = /\/confirm-email\/([A-Za-z0-9_-]+)/.exec((await lastMailTo(pool(), newEmail))!.body)![1];
    expect((await session().post('/api/auth/email/confirm', { code })).body).toEqual({ email: newEmail });
    expect((await s.get('/api/user')).body.email).toBe(newEmail);
    expect(await logKinds(user.userId)).toEqual(expect.arrayContaining(['email_change_requested', 'email_changed']));
    // The old address hears that it happened, since its reset links now go elsewhere.
    expect(await lastMailTo(pool(), user.email)).toMatchObject({
      subject: 'Your Escrow Ledger email address was changed',
      body: expect.stringContaining(`is now ${newEmail}`),
    });
  });

  it('cancels an email change waiting for its link when the password changes, the other sessions end or a reset link sets a password', async () => {
    for (const [way, shutOut] of shutOutWays) {
      const user = await createUser(pool(), { factor: 'totp' });
      const s = await signedIn(user, { steppedUp: true });
      const newEmail = `pending-${user.email}`;
      expect((await s.put('/api/account/email', { email: newEmail })).status).toBe(200);
      const code = /\/confirm-email\/([A-Za-z0-9_-]+)/.exec((await lastMailTo(pool(), newEmail))!.body)![1];
      expect((await shutOut(user, s)).status).toBeLessThan(300);
      const confirmed = await session().post('/api/auth/email/confirm', { code });
      expect({ way, status: confirmed.status, code: confirmed.body.code }).toEqual({ way, status: 404, code: 'link_invalid' });
      expect((await pool().query('SELECT email FROM users WHERE user_id = $1', [user.userId])).rows[0].email).toBe(user.email);
    }
  });

  it('ends a login waiting for its second factor when the password changes, the other sessions end or a reset link sets a password', async () => {
    await awayFromStepEdge();
    for (const [way, shutOut] of shutOutWays) {
      const user = await createUser(pool(), { factor: 'totp' });
      const owner = await signedIn(user, { steppedUp: true });
      // Whoever typed the old password waits at the second step (a phished code in hand, say).
      const thief = session();
      expect((await thief.post('/api/auth/login', { email: user.email, password: TEST_PASSWORD })).body.second_factor_required).toBe(true);
      expect((await shutOut(user, owner)).status).toBeLessThan(300);
      const finished = await thief.post('/api/auth/login/second-factor', { code: await totpCode() });
      expect({ way, status: finished.status, code: finished.body.code }).toEqual({ way, status: 401, code: 'login_expired' });
      expect((await pool().query('SELECT 1 FROM pending_logins WHERE user_id = $1', [user.userId])).rows).toEqual([]);
    }
    // The owner's own session goes on where the way keeps it, and a login from scratch still works.
    const user = await createUser(pool(), { factor: 'totp' });
    const owner = await signedIn(user, { steppedUp: true });
    expect((await owner.delete('/api/account/sessions')).status).toBe(200);
    expect((await owner.get('/api/user')).body.user_id).toBe(user.userId);
  });

  it('changes the password with the current one: other sessions end and the user is mailed', async () => {
    const user = await createUser(pool(), { factor: 'totp' });
    const s = await signedIn(user, { steppedUp: true });
    const other = await signedIn(user);
    expect(await s.put('/api/account/password', { current_password: 'wrong-password-1', password: 'Another-pass-2026' })).toMatchObject({ status: 401 });
    expect((await s.put('/api/account/password', { current_password: TEST_PASSWORD, password: 'short' })).status).toBe(400);
    expect((await s.put('/api/account/password', { current_password: TEST_PASSWORD, password: 'Another-pass-2026' })).status).toBe(200);
    expect((await other.get('/api/user')).body).toEqual({});
    expect((await s.get('/api/user')).body.user_id).toBe(user.userId);
    expect((await lastMailTo(pool(), user.email))?.subject).toBe('Your Escrow Ledger password was changed');
    expect(await logKinds(user.userId)).toContain('password_changed');
  });

  it('keeps the security log append-only and shows each user their own', async () => {
    const user = await createUser(pool(), { factor: 'totp' });
    const s = await signedIn(user);
    await s.post('/api/auth/step-up', { code: await totpCode() });
    // The app's own login has no such rights at all (database-logins.int.spec.ts); the trigger stops even the owner.
    await expect(app.ownerPool().query(`UPDATE security_log SET kind = 'login' WHERE user_id = $1`, [user.userId])).rejects.toThrow(/append-only/);
    await expect(app.ownerPool().query('DELETE FROM security_log WHERE user_id = $1', [user.userId])).rejects.toThrow(/append-only/);
    const log = (await s.get('/api/account/security-log')).body;
    expect(log).toMatchObject({ page: 1, pages: 1 });
    expect(log.entries).toEqual([
      expect.objectContaining({ kind: 'step_up', detail: { method: 'totp' }, browser: expect.any(String), actor_name: expect.any(String) }),
    ]);
    expect((await s.get('/api/account/security-log?page=0')).status).toBe(400);
  });

  it("lets an admin reset a user's factors: factors and sessions gone, the user mailed, the admin named in the log", async () => {
    const admin = await createUser(pool(), { role: 'admin' });
    const user = await createUser(pool(), { factor: 'totp' });
    const userSession = await signedIn(user, { steppedUp: true });
    await userSession.post('/api/account/recovery-codes');
    const a = await signedIn(admin, { steppedUp: true });
    expect((await a.post(`/api/admin/users/${user.userId}/second-factors/reset`)).status).toBe(200);
    expect((await userSession.get('/api/user')).body).toEqual({});
    const left = await pool().query(
      `SELECT (SELECT count(*) FROM user_totp WHERE user_id = $1)::int + (SELECT count(*) FROM recovery_codes WHERE user_id = $1)::int AS n`,
      [user.userId],
    );
    expect(left.rows[0].n).toBe(0);
    expect((await lastMailTo(pool(), user.email))?.subject).toBe('Your Escrow Ledger second factors were reset');
    const log = (await a.get(`/api/admin/security-log?user_id=${user.userId}&kind=factors_reset_by_admin`)).body;
    expect(log.entries).toEqual([
      expect.objectContaining({ kind: 'factors_reset_by_admin', user_id: user.userId, actor_name: expect.stringContaining('Test') }),
    ]);
    expect((await a.post('/api/admin/users/999999/second-factors/reset')).status).toBe(404);
  });
});
