import { createUser, HttpSession, startSession, TEST_PASSWORD } from '../../test/support/http-session';
import { SoftPasskey } from '../../test/support/soft-passkey';
import { createTestApp, type TestApp } from '../../test/support/test-app';

/** Issue 25: passkeys through @simplewebauthn/server, answered by a software authenticator. */
describe('identity: passkeys', () => {
  let app: TestApp;
  const pool = () => app.db.pool;
  beforeAll(async () => {
    app = await createTestApp();
  }, 120_000);
  afterAll(() => app?.close());

  const signedIn = async (userId: number, steppedUp = false) => new HttpSession(app.http).setCookie('sid', await startSession(pool(), userId, { steppedUp }));
  async function enrol(s: HttpSession, name: string, passkey = new SoftPasskey()) {
    const { options } = (await s.post('/api/account/passkeys/options')).body;
    const answer = await s.post('/api/account/passkeys', { name, response: passkey.register(options) });
    return { passkey, answer };
  }

  it('enrols several named passkeys (the first with recovery codes), renames and removes one', async () => {
    const user = await createUser(pool());
    const s = await signedIn(user.userId);
    const first = await enrol(s, 'Work laptop');
    expect(first.answer.status).toBe(201);
    expect(first.answer.body).toMatchObject({ name: 'Work laptop', passkey_id: expect.any(Number), last_used_at: null });
    expect(first.answer.body.recovery_codes).toHaveLength(10);
    const second = await enrol(s, 'Phone');
    expect(second.answer.status).toBe(201);
    expect(second.answer.body.recovery_codes).toBeUndefined();
    // The same authenticator again is refused (excluded, and unique).
    expect((await enrol(s, 'Again', first.passkey)).answer.status).toBe(409);

    const renamed = await s.request('PATCH', `/api/account/passkeys/${second.answer.body.passkey_id}`, { name: 'Old phone' });
    expect(renamed).toMatchObject({ status: 200, body: { name: 'Old phone' } });
    expect((await s.delete(`/api/account/passkeys/${second.answer.body.passkey_id}`)).status).toBe(200);
    const security = (await s.get('/api/account/security')).body;
    expect(security.passkeys.map((p: { name: string }) => p.name)).toEqual(['Work laptop']);
    const { rows } = await pool().query('SELECT kind FROM security_log WHERE user_id = $1 ORDER BY entry_id', [user.userId]);
    expect(rows.map((r) => r.kind)).toEqual(expect.arrayContaining(['passkey_added', 'passkey_renamed', 'passkey_removed']));
  });

  it('signs in with a passkey alone, completes a password login with one, and steps up with one', async () => {
    const user = await createUser(pool());
    const { passkey } = await enrol(await signedIn(user.userId), 'Laptop');

    const alone = new HttpSession(app.http);
    const { options } = (await alone.post('/api/auth/passkey/options')).body;
    expect(options.allowCredentials).toEqual([]);
    const signedInAlone = await alone.post('/api/auth/passkey/login', { response: passkey.authenticate(options) });
    expect(signedInAlone).toMatchObject({ status: 200, body: { user_id: user.userId } });
    expect((await alone.get('/api/user')).body.security.stepped_up_until).not.toBeNull();

    const twoSteps = new HttpSession(app.http);
    expect((await twoSteps.post('/api/auth/login', { email: user.email, password: TEST_PASSWORD })).body).toEqual({
      second_factor_required: true,
      methods: ['passkey', 'recovery'],
    });
    const bound = (await twoSteps.post('/api/auth/passkey/options')).body.options;
    expect(bound.allowCredentials.map((c: { id: string }) => c.id)).toEqual([passkey.id]);
    expect((await twoSteps.post('/api/auth/passkey/login', { response: passkey.authenticate(bound) })).body.user_id).toBe(user.userId);

    const later = await signedIn(user.userId);
    expect((await later.put('/api/account/email', { email: `x-${user.email}` })).body.code).toBe('step_up_required');
    const stepUp = (await later.post('/api/auth/step-up/passkey/options')).body.options;
    expect((await later.post('/api/auth/step-up/passkey', { response: passkey.authenticate(stepUp) })).status).toBe(200);
    expect((await later.put('/api/account/email', { email: `x-${user.email}` })).status).toBe(200);
  });

  it('renews the session cookie when a passkey is added or removed and at a step-up with one; the old cookie gains nothing', async () => {
    const user = await createUser(pool());
    const s = await signedIn(user.userId);
    const copies: HttpSession[] = [];
    const copy = () => copies[copies.push(new HttpSession(app.http).setCookie('sid', s.cookie('sid'))) - 1]!;
    copy();
    const { passkey, answer } = await enrol(s, 'Laptop');
    expect(answer.status).toBe(201);
    copy();
    await pool().query(`UPDATE sessions SET second_factor_at = now() - interval '1 hour' WHERE user_id = $1`, [user.userId]);
    const stepUp = (await s.post('/api/auth/step-up/passkey/options')).body.options;
    expect((await s.post('/api/auth/step-up/passkey', { response: passkey.authenticate(stepUp) })).status).toBe(200);
    copy();
    expect((await enrol(s, 'Phone')).answer.status).toBe(201);
    copy();
    expect((await s.delete(`/api/account/passkeys/${answer.body.passkey_id}`)).status).toBe(200);
    expect(new Set([...copies.map((c) => c.cookie('sid')), s.cookie('sid')]).size).toBe(copies.length + 1);
    for (const old of copies) expect(await old.get('/api/user')).toMatchObject({ status: 401, body: { code: 'session_rotated' } });
    expect((await s.get('/api/user')).body.user_id).toBe(user.userId);
  });

  it('refuses a replayed challenge, a counter that went back, another origin, and a passkey of someone else for a step-up', async () => {
    const user = await createUser(pool());
    const { passkey } = await enrol(await signedIn(user.userId), 'Laptop');
    const s = new HttpSession(app.http);
    const { options } = (await s.post('/api/auth/passkey/options')).body;
    const response = passkey.authenticate(options);
    expect((await s.post('/api/auth/passkey/login', { response })).status).toBe(200);
    expect((await new HttpSession(app.http).post('/api/auth/passkey/login', { response })).status).toBe(401);

    const fresh = (await s.post('/api/auth/passkey/options')).body.options;
    expect((await s.post('/api/auth/passkey/login', { response: passkey.authenticate(fresh, { counter: 1 }) })).status).toBe(401);
    const other = (await s.post('/api/auth/passkey/options')).body.options;
    expect((await s.post('/api/auth/passkey/login', { response: passkey.authenticate(other, { origin: 'https://evil.example' }) })).status).toBe(401);

    const stranger = await createUser(pool());
    const strangerSession = await signedIn(stranger.userId);
    await enrol(strangerSession, 'Theirs');
    const theirOptions = (await strangerSession.post('/api/auth/step-up/passkey/options')).body.options;
    expect((await strangerSession.post('/api/auth/step-up/passkey', { response: passkey.authenticate(theirOptions) })).status).toBe(401);
  });
});
