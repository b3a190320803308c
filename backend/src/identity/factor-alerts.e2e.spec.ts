import { eventually } from '../../test/support/event-store-fixture';
import {
  type CreatedUser,
  createUser,
  HttpSession,
  lastMailTo,
  startSession,
  TEST_PASSWORD,
  TEST_TOTP_SECRET,
  totpCode,
} from '../../test/support/http-session';
import { SoftPasskey } from '../../test/support/soft-passkey';
import { createTestApp, type TestApp } from '../../test/support/test-app';
import { LINK_INVALID } from './one-time-codes';
import { PASSWORD_RESET_REQUIRED } from './required-password-resets';

const linkIn = (body: string): string => /\/not-me\/([A-Za-z0-9_-]+)/.exec(body)![1]!;
const resetCodeIn = (body: string): string => /\/password\/reset\/([A-Za-z0-9_-]+)/.exec(body)![1]!;

/**
 * Issue 35, point 2: a second factor added to an account is mailed to its owner at once with a
 * single-use "this wasn't me" link that removes that factor, ends every session and holds every
 * login until a password reset; a password change or reset lists the factors added lately.
 */
describe('identity: "a factor was added" mails and their "this wasn\'t me" links', () => {
  let app: TestApp;
  const pool = () => app.db.pool;
  const signedIn = async (user: CreatedUser, steppedUp = true) =>
    new HttpSession(app.http).setCookie('sid', await startSession(pool(), user.userId, { steppedUp }));
  const logKinds = async (userId: number) =>
    (await pool().query<{ kind: string }>('SELECT kind FROM security_log WHERE user_id = $1 ORDER BY entry_id', [userId])).rows.map((r) => r.kind);
  const mailsTo = async (email: string) =>
    (await pool().query<{ subject: string; body: string }>('SELECT subject, body FROM mail_outbox WHERE recipient = $1 ORDER BY mail_id', [email])).rows;
  async function addPasskey(s: HttpSession, name: string, passkey = new SoftPasskey()) {
    const { options } = (await s.post('/api/account/passkeys/options')).body;
    const answer = await s.post('/api/account/passkeys', { name, response: passkey.register(options) });
    expect(answer.status).toBe(201);
    return { passkey, passkeyId: answer.body.passkey_id as number };
  }

  beforeAll(async () => {
    app = await createTestApp();
  }, 120_000);
  afterAll(() => app?.close());

  it('mails the owner at once when a passkey, an authenticator app or new recovery codes are added, each with a link naming that factor', async () => {
    const user = await createUser(pool());
    const s = await signedIn(user);
    await addPasskey(s, 'Unknown laptop');
    const passkeyMail = await lastMailTo(pool(), user.email);
    expect(passkeyMail!.subject).toBe('A passkey was added to your Escrow Ledger account');
    expect(passkeyMail!.body).toContain('A passkey named "Unknown laptop" was added');
    expect(passkeyMail!.body).toMatch(/at address 10\.\d+\.\d+\.\d+/);
    expect(await s.get(`/api/auth/factor-alerts/${linkIn(passkeyMail!.body)}`)).toMatchObject({
      status: 200,
      body: { kind: 'passkey', name: 'Unknown laptop', still_there: true },
    });

    const { secret } = (await s.post('/api/account/totp/setup')).body;
    expect((await s.post('/api/account/totp', { code: await totpCode(secret) })).status).toBe(200);
    const totpMail = await lastMailTo(pool(), user.email);
    expect(totpMail!.subject).toBe('An authenticator app was added to your Escrow Ledger account');
    expect((await s.get(`/api/auth/factor-alerts/${linkIn(totpMail!.body)}`)).body).toMatchObject({ kind: 'totp', name: null, still_there: true });

    expect((await s.post('/api/account/recovery-codes')).status).toBe(200);
    const codesMail = await lastMailTo(pool(), user.email);
    expect(codesMail!.subject).toBe('New recovery codes were made for your Escrow Ledger account');
    expect((await s.get(`/api/auth/factor-alerts/${linkIn(codesMail!.body)}`)).body).toMatchObject({ kind: 'recovery_codes', still_there: true });

    // Only the hash of a link is kept; opening the page (GET) used nothing up.
    const { rows } = await pool().query<{ n: number; used: number }>(
      'SELECT count(*)::int AS n, count(used_at)::int AS used FROM factor_alerts WHERE user_id = $1',
      [user.userId],
    );
    expect(rows[0]).toEqual({ n: 3, used: 0 });
    expect((await logKinds(user.userId)).filter((k) => k === 'factor_alert_sent')).toHaveLength(3);
  });

  it("removes that passkey only, ends every session (the thief's too), and holds every login until a reset from the mailbox", async () => {
    const owner = await createUser(pool(), { factor: 'totp' });
    const ownerSession = await signedIn(owner);
    // A copied cookie inside the step-up window: the thief enrols a passkey of their own.
    const thief = new HttpSession(app.http).setCookie('sid', ownerSession.cookie('sid')!);
    const { passkey } = await addPasskey(thief, 'Backup key');
    const code = linkIn((await lastMailTo(pool(), owner.email))!.body);

    // Adding the passkey renewed the session to the thief's cookie: the owner's browser holds one
    // "renewed a moment ago", refused on every route that reads it; the link's routes do not.
    expect((await ownerSession.get('/api/user')).body).toMatchObject({ code: 'session_rotated' });
    expect((await ownerSession.get(`/api/auth/factor-alerts/${code}`)).body).toMatchObject({ kind: 'passkey', name: 'Backup key', still_there: true });
    const undone = await ownerSession.post('/api/auth/factor-alerts/undo', { code });
    expect(undone).toMatchObject({ status: 200, body: { message: expect.stringContaining('The passkey "Backup key" was removed') } });
    expect((await pool().query('SELECT 1 FROM passkeys WHERE user_id = $1', [owner.userId])).rows).toHaveLength(0);
    expect((await pool().query('SELECT 1 FROM user_totp WHERE user_id = $1', [owner.userId])).rows).toHaveLength(1);
    expect((await thief.get('/api/user')).body).toEqual({});
    expect((await ownerSession.get('/api/user')).body).toEqual({});

    // The link works once.
    expect(await new HttpSession(app.http).post('/api/auth/factor-alerts/undo', { code })).toMatchObject({ status: 404, body: { message: LINK_INVALID } });
    expect((await new HttpSession(app.http).get(`/api/auth/factor-alerts/${code}`)).status).toBe(404);

    // The password (the thief may know it) opens nothing, nor does the removed passkey.
    const login = await new HttpSession(app.http).post('/api/auth/login', { email: owner.email, password: TEST_PASSWORD });
    expect(login).toMatchObject({ status: 403, body: { code: 'password_reset_required', message: PASSWORD_RESET_REQUIRED } });
    const anyone = new HttpSession(app.http);
    const { options } = (await anyone.post('/api/auth/passkey/options')).body;
    expect((await anyone.post('/api/auth/passkey/login', { response: passkey.authenticate(options) })).status).toBe(401);

    // The reset link mailed with it sets a new password; then the login asks for the second factor as before.
    const resetMail = await lastMailTo(pool(), owner.email);
    expect(resetMail!.subject).toBe('Choose a new password for Escrow Ledger');
    const reset = await new HttpSession(app.http).put('/api/user/password/reset', { code: resetCodeIn(resetMail!.body), password: 'A-brand-new-one-2026' });
    expect(reset.status).toBe(200);
    const again = new HttpSession(app.http);
    expect((await again.post('/api/auth/login', { email: owner.email, password: 'A-brand-new-one-2026' })).body).toMatchObject({
      second_factor_required: true,
    });
    expect((await again.post('/api/auth/login/second-factor', { code: await totpCode(TEST_TOTP_SECRET) })).status).toBe(200);

    expect(await logKinds(owner.userId)).toEqual(expect.arrayContaining(['passkey_added', 'factor_alert_sent', 'factor_alert_used', 'password_changed']));
    const { rows } = await pool().query<{ detail: Record<string, unknown> }>(
      `SELECT detail FROM security_log WHERE user_id = $1 AND kind = 'factor_alert_used'`,
      [owner.userId],
    );
    expect(rows[0]!.detail).toMatchObject({ factor: 'passkey', name: 'Backup key', removed: true, sessions_ended: 1, password_reset_required: true });
  });

  it('a link about an authenticator app or a set of recovery codes removes only the one it was mailed for', async () => {
    const user = await createUser(pool());
    const s = await signedIn(user);
    await addPasskey(s, 'Mine');
    const first = (await s.post('/api/account/recovery-codes')).body.recovery_codes as string[];
    const firstLink = linkIn((await lastMailTo(pool(), user.email))!.body);
    const second = (await s.post('/api/account/recovery-codes')).body.recovery_codes as string[];
    expect(first[0]).not.toBe(second[0]);
    expect((await s.get(`/api/auth/factor-alerts/${firstLink}`)).body.still_there).toBe(false);
    const undone = await new HttpSession(app.http).post('/api/auth/factor-alerts/undo', { code: firstLink });
    expect(undone.body.message).toContain('had already been removed');
    expect((await pool().query('SELECT count(*)::int AS n FROM recovery_codes WHERE user_id = $1', [user.userId])).rows[0].n).toBe(10);
  });

  it('refuses a link that expired, and one that never was', async () => {
    const user = await createUser(pool());
    await addPasskey(await signedIn(user), 'Laptop');
    const code = linkIn((await lastMailTo(pool(), user.email))!.body);
    await pool().query(`UPDATE factor_alerts SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [user.userId]);
    expect((await new HttpSession(app.http).post('/api/auth/factor-alerts/undo', { code })).status).toBe(404);
    expect((await new HttpSession(app.http).post('/api/auth/factor-alerts/undo', { code: 'not-a-code' })).status).toBe(404);
    expect((await pool().query('SELECT 1 FROM passkeys WHERE user_id = $1', [user.userId])).rows).toHaveLength(1);
  });

  it('a password change and a reset answer the factors added in the last 30 days, which can then be removed', async () => {
    const user = await createUser(pool(), { factor: 'totp' });
    await pool().query(`UPDATE user_totp SET confirmed_at = now() - interval '40 days' WHERE user_id = $1`, [user.userId]);
    const s = await signedIn(user);
    const { passkeyId } = await addPasskey(s, 'Recent key');
    const changed = await s.put('/api/account/password', { current_password: TEST_PASSWORD, password: 'Another-pass-2026' });
    expect(changed.status).toBe(200);
    expect(changed.body.recent_factors).toEqual([{ kind: 'passkey', passkey_id: passkeyId, name: 'Recent key', added_at: expect.any(String) }]);
    expect((await s.get('/api/account/recent-factors')).body).toEqual({ factors: changed.body.recent_factors });

    await s.post('/api/account/recovery-codes');
    await new HttpSession(app.http).post('/api/user/password/forgot', { email: user.email });
    // The reset link is mailed just after the answer.
    const resetMail = await eventually(
      () => lastMailTo(pool(), user.email),
      (mail) => mail?.subject === 'Reset your Escrow Ledger password',
    );
    const reset = await new HttpSession(app.http).put('/api/user/password/reset', { code: resetCodeIn(resetMail!.body), password: 'Third-pass-2026' });
    expect(reset.status).toBe(200);
    expect(reset.body.recent_factors.map((f: { kind: string }) => f.kind)).toEqual(['recovery_codes', 'passkey']);

    const again = await signedIn(user);
    expect((await again.delete('/api/account/recovery-codes')).status).toBe(200);
    expect((await again.delete(`/api/account/passkeys/${passkeyId}`)).status).toBe(200);
    expect((await again.get('/api/account/recent-factors')).body).toEqual({ factors: [] });
    expect((await again.delete('/api/account/recovery-codes')).status).toBe(404);
    expect(await logKinds(user.userId)).toEqual(expect.arrayContaining(['recovery_codes_removed']));
    expect((await mailsTo(user.email)).map((m) => m.subject)).toContain('A passkey was added to your Escrow Ledger account');
  });
});
