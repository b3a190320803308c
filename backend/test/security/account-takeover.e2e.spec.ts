import { createSignedProject, type EscrowParties, proposeMilestone, runMilestone } from '../support/escrow-project';
import { eventually } from '../support/event-store-fixture';
import {
  type CreatedUser,
  createSeller,
  createUser,
  HttpSession,
  lastMailTo,
  startSession,
  TEST_PASSWORD,
  TEST_TOTP_SECRET,
  totpCode,
} from '../support/http-session';
import { SoftPasskey } from '../support/soft-passkey';
import { afterAnswers, createTestApp, type TestApp } from '../support/test-app';

const ROUTING = '011000015';
const ATTACKER_BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0 Safari/537.36';

/**
 * The account-takeover walk (issue 25, docs/security.md): what an attacker who phished a
 * password can do, from a browser the victim never used. With the password alone: nothing that
 * moves money or changes where it goes. With the password and one phished code (a real-time
 * phishing proxy): a payout-account change that holds every payout, is mailed to the company's
 * other user and the administrators, and is undone before any money reaches it.
 */
describe('account takeover: a stolen password moves no money', () => {
  let app: TestApp;
  let seller: CreatedUser & { companyId: number };
  let colleague: CreatedUser;
  let buyer: CreatedUser;
  let owner: CreatedUser;
  let finance: CreatedUser;
  let parties: EscrowParties;
  let projectId: number;

  const pool = () => app.db.pool;
  const signedIn = async (user: CreatedUser, steppedUp = true) =>
    new HttpSession(app.http).setCookie('sid', await startSession(pool(), user.userId, { steppedUp }));
  /** A browser the victim never used, on another address. */
  const attacker = () => new HttpSession(app.http);
  const count = async (sql: string, params: unknown[] = []) => (await pool().query<{ n: number }>(sql, params)).rows[0]!.n;
  const bankEvents = (companyId: number) => count(`SELECT count(*)::int AS n FROM events WHERE stream_id = $1`, [`bank-accounts-company-${companyId}`]);
  const mailsTo = async (email: string, subject: string) =>
    count('SELECT count(*)::int AS n FROM mail_outbox WHERE recipient = $1 AND subject = $2', [email, subject]);
  const payoutAccountOfPaid = async (milestoneId: number) =>
    (
      await pool().query<{ last4: string | null }>(
        `SELECT data->'payoutAccount'->>'last4' AS last4 FROM events WHERE type = 'DisbursementPaid' AND (data->>'originalId')::int = $1`,
        [milestoneId],
      )
    ).rows.map((r) => r.last4);
  const linkPayout = (session: HttpSession, accountNumber: string) =>
    session.post(
      '/api/bank-accounts',
      { purpose: 'payout', holder_name: 'Totally Legit LLC', bank_name: 'Elsewhere Bank', routing_number: ROUTING, account_number: accountNumber },
      { 'user-agent': ATTACKER_BROWSER },
    );

  beforeAll(async () => {
    app = await createTestApp({ payoutChangeHold: { businessDays: 3 }, fourEyesAbove: '1000.00' });
    // createSeller gives the company a verified payout account; its users have TOTP.
    seller = await createSeller(pool(), { name: 'Canyon Framing', services: ['General Contracting'] });
    colleague = await createUser(pool(), { companyId: seller.companyId, firstName: 'Casey', lastName: 'Colleague' });
    buyer = await createUser(pool(), { firstName: 'Bianca', lastName: 'Buyer', factor: 'totp' });
    owner = await createUser(pool(), { role: 'admin', adminRole: 'owner', firstName: 'Omar', lastName: 'Owner' });
    finance = await createUser(pool(), { role: 'admin', adminRole: 'finance', firstName: 'Fiona', lastName: 'Finance' });
    parties = { buyer, seller, sessions: { buyer: await signedIn(buyer), seller: await signedIn(seller) } };
    ({ jobId: projectId } = await createSignedProject(parties));
  }, 60_000);
  afterAll(() => app?.close());

  it("with the seller's password only: no session, no account linked or chosen, and the next payout goes where it always went", async () => {
    const original = (await parties.sessions.seller.get('/api/bank-accounts')).body.payout_account;
    expect(original).toMatchObject({ status: 'verified', is_payout_account: true });
    const before = await bankEvents(seller.companyId);

    const thief = attacker();
    const login = await thief.post('/api/auth/login', { email: seller.email, password: TEST_PASSWORD }, { 'user-agent': ATTACKER_BROWSER });
    expect(login).toMatchObject({ status: 200, body: { second_factor_required: true } });
    expect(login.body).not.toHaveProperty('user_id');
    expect((await thief.get('/api/user')).body).toEqual({});
    expect((await linkPayout(thief, '000999990001')).status).toBe(401);
    expect((await thief.post(`/api/bank-accounts/${original.bank_account_id}/payout`)).status).toBe(401);
    // A wrong guess at the code opens nothing either.
    const right = await totpCode(TEST_TOTP_SECRET);
    const wrong = right === '000000' ? '111111' : '000000';
    expect(await thief.post('/api/auth/login/second-factor', { code: wrong })).toMatchObject({ status: 401, body: { code: 'second_factor_failed' } });
    expect((await thief.get('/api/user')).body).toEqual({});

    // A session cookie lifted from the seller's laptop, its second factor older than the window.
    const stolen = await signedIn(seller, false);
    expect(await linkPayout(stolen, '000999990002')).toMatchObject({ status: 401, body: { code: 'step_up_required', enrolled: true } });
    expect(await stolen.post(`/api/bank-accounts/${original.bank_account_id}/payout`)).toMatchObject({ status: 401, body: { code: 'step_up_required' } });
    expect(await stolen.post('/api/auth/step-up', { code: wrong })).toMatchObject({ status: 401 });
    expect(await bankEvents(seller.companyId)).toBe(before);

    const milestone = await proposeMilestone(parties, projectId, '250.00');
    await runMilestone(parties, milestone, 'paid');
    expect(await payoutAccountOfPaid(milestone)).toEqual([original.last4]);
  }, 60_000);

  it('with the password and one phished code: the change holds payouts, is mailed to the colleague and the admins, and is undone before money reaches it', async () => {
    const original = (await parties.sessions.seller.get('/api/bank-accounts')).body.payout_account;
    const subject = 'Payout account of Canyon Framing changed';
    const mailedBefore = await Promise.all([colleague, owner, finance].map((u) => mailsTo(u.email, subject)));

    const thief = attacker();
    await thief.post('/api/auth/login', { email: seller.email, password: TEST_PASSWORD }, { 'user-agent': ATTACKER_BROWSER });
    // The proxy relays the code the victim typed a moment ago (the next step: the walk's login used this one).
    const code = await totpCode(TEST_TOTP_SECRET, 1);
    expect((await thief.post('/api/auth/login/second-factor', { code })).status).toBe(200);
    const linked = await linkPayout(thief, '000999990003');
    expect(linked.status).toBe(201);
    const attackersAccount = linked.body.bank_account_id as number;
    // The attacker controls that account, so sees the micro-deposits: it verifies.
    expect((await thief.post(`/api/bank-accounts/${attackersAccount}/verify`, { amounts: ['0.32', '0.45'] })).body).toMatchObject({ status: 'verified' });
    const switched = await thief.post(`/api/bank-accounts/${attackersAccount}/payout`, undefined, { 'user-agent': ATTACKER_BROWSER });
    expect(switched.body.payout_change).toMatchObject({ to: { bank_account_id: attackersAccount }, from: { bank_account_id: original.bank_account_id } });
    expect(await thief.post('/api/bank-accounts/payout-change/confirm')).toMatchObject({ status: 403 });

    // Loud: the company's other user and every administrator are told, with the browser.
    const mailedAfter = await Promise.all([colleague, owner, finance].map((u) => mailsTo(u.email, subject)));
    expect(mailedAfter).toEqual(mailedBefore.map((n) => n + 1));
    const [mail] = (
      await pool().query<{ body: string }>('SELECT body FROM mail_outbox WHERE recipient = $1 AND subject = $2 ORDER BY mail_id DESC LIMIT 1', [
        colleague.email,
        subject,
      ])
    ).rows;
    expect(mail!.body).toContain(ATTACKER_BROWSER);
    expect(mail!.body).toContain('••••0003');

    // The next payout waits out the hold instead of going to the new account.
    const milestone = await proposeMilestone(parties, projectId, '300.00');
    await runMilestone(parties, milestone, 'funded');
    expect((await parties.sessions.seller.put(`/api/milestone/${milestone}/complete`, { complete: true })).status).toBe(200);
    expect((await parties.sessions.buyer.put(`/api/milestone/${milestone}/complete`, { complete: true })).status).toBe(200);
    const held = await eventually(
      () => parties.sessions.buyer.get(`/api/milestone/${milestone}/disbursements`),
      (a) => a.body?.length === 1,
    );
    expect(held.body[0]).toMatchObject({ status: 'requested', hold: { reason: 'payout_account_changed' } });
    expect(await payoutAccountOfPaid(milestone)).toEqual([]);

    // The colleague (with a fresh second factor) undoes it: the previous account is back and pays.
    const undone = await (await signedIn(colleague)).post('/api/bank-accounts/payout-change/undo');
    expect(undone).toMatchObject({ status: 200, body: { payout_account: { bank_account_id: original.bank_account_id }, payout_change: null } });
    await eventually(
      () => parties.sessions.buyer.get(`/api/milestone/${milestone}/disbursements`),
      (a) => a.body?.[0]?.status === 'paid',
      30_000,
    );
    expect(await payoutAccountOfPaid(milestone)).toEqual([original.last4]);
    const everyPaid = await pool().query<{ id: string | null }>(
      `SELECT data->'payoutAccount'->>'bankAccountId' AS id FROM events WHERE type IN ('DisbursementPaid', 'RetainagePaid')`,
    );
    expect(everyPaid.rows.map((r) => Number(r.id))).not.toContain(attackersAccount);
  }, 90_000);

  it("with the buyer's password only: no deposit, whether by logging in or with a session cookie past its step-up window", async () => {
    const milestone = await proposeMilestone(parties, projectId, '400.00');
    await runMilestone(parties, milestone, 'agreed');
    const deposits = () => count(`SELECT count(*)::int AS n FROM events WHERE type = 'DepositRequested' AND (data->>'originalId')::int = $1`, [milestone]);

    const thief = attacker();
    expect((await thief.post('/api/auth/login', { email: buyer.email, password: TEST_PASSWORD })).body).toMatchObject({ second_factor_required: true });
    expect((await thief.post('/api/milestone/deposit', { milestone_id: milestone })).status).toBe(401);
    const stolen = await signedIn(buyer, false);
    expect(await stolen.post('/api/milestone/deposit', { milestone_id: milestone })).toMatchObject({ status: 401, body: { code: 'step_up_required' } });
    expect(
      await stolen.post('/api/bank-accounts', { purpose: 'deposit', holder_name: 'Bianca Buyer', routing_number: ROUTING, account_number: '000888880001' }),
    ).toMatchObject({ status: 401, body: { code: 'step_up_required' } });
    expect(await deposits()).toBe(0);
  }, 60_000);

  it("with one administrator's password: no console, and with a phished code no large resolution alone", async () => {
    const milestone = await proposeMilestone(parties, projectId, '2000.00');
    await runMilestone(parties, milestone, 'funded');
    expect((await parties.sessions.buyer.post(`/api/milestone/${milestone}/dispute`, { statement: 'Not done.' })).status).toBe(201);
    const resolve = (session: HttpSession) => session.post(`/api/admin/milestones/${milestone}/dispute/resolve`, { resolution: 'refund', note: 'Refund it.' });
    const moved = () =>
      count(`SELECT count(*)::int AS n FROM events WHERE type IN ('RefundRequested', 'DisbursementRequested') AND (data->>'originalId')::int = $1`, [
        milestone,
      ]);

    const thief = attacker();
    expect((await thief.post('/api/auth/login', { email: finance.email, password: TEST_PASSWORD })).body).toMatchObject({ second_factor_required: true });
    expect((await resolve(thief)).status).toBe(401);
    expect((await thief.get('/api/admin/disputes')).status).toBe(401);
    expect(await resolve(await signedIn(finance, false))).toMatchObject({ status: 401, body: { code: 'step_up_required' } });

    // With a phished code too, the resolution is only a proposal, and its proposer cannot approve it.
    const withCode = attacker();
    await withCode.login(finance.email, TEST_PASSWORD);
    expect(await resolve(withCode)).toMatchObject({ status: 202, body: { proposal: { resolution: 'refund' } } });
    expect(await withCode.post(`/api/admin/milestones/${milestone}/dispute/resolution/approve`, {})).toMatchObject({ status: 403 });
    expect(await moved()).toBe(0);
    // The other administrator rejects it: nothing moved, and the History says who proposed what.
    expect((await (await signedIn(owner)).post(`/api/admin/milestones/${milestone}/dispute/resolution/reject`, {})).status).toBe(200);
    expect(await moved()).toBe(0);
  }, 60_000);

  /**
   * Issue 35, point 1: the session cookie as it was a moment ago, copied from a shared computer,
   * by a browser extension or from a log. Whatever its owner proves next (a second factor, a
   * password, a new email or factor) goes to a new cookie; the copy dies at that moment.
   */
  describe('a session cookie copied before its owner proves something', () => {
    const webhook = (session: HttpSession) =>
      session.post('/api/webhooks/endpoints', { url: `https://hooks.example.invalid/copied/${Date.now()}`, kinds: ['deposit.settled'] });
    /** A colleague of the seller, signed in on the shared computer, step-up long ago; and a copy of that cookie in another browser. */
    const victimAndCopy = async () => {
      const victim = await createUser(pool(), { companyId: seller.companyId, firstName: 'Vic', lastName: 'Victim' });
      const browser = await signedIn(victim, false);
      const copy = attacker().setCookie('sid', browser.cookie('sid'));
      expect((await copy.get('/api/user')).body.user_id).toBe(victim.userId);
      return { victim, browser, copy };
    };
    /** Every route the application serves under /api, asked by the copy: those that answered anything but 401. */
    const answeredToCopy = async (copy: HttpSession) => {
      const answers: string[] = [];
      for (const { method, url } of app.routes) {
        // The API document (Swagger's own routes) is static and reads no session.
        if (!url.startsWith('/api/') || url.startsWith('/api/docs') || method === 'HEAD' || method === 'OPTIONS') continue;
        const path = url.replace(/:[a-z_]+/gi, '1').replace(/\*$/, 'x');
        const answer = await copy.request(method as 'GET', path, method === 'GET' ? undefined : {});
        if (answer.status === 401) continue;
        // Routes that need no session (public pages, sign-in, reset, a mailed link's routes)
        // answer the copy as a browser without cookies: that is all it gets (its owner, whose
        // cookie someone else renewed, must still be able to sign in).
        const cookieless = await attacker().request(method as 'GET', path, method === 'GET' ? undefined : {});
        if (cookieless.status === answer.status) continue;
        answers.push(`${method} ${url}: ${answer.status}`);
      }
      return answers;
    };

    it('gains nothing from a step-up after the copy: 401 where a session is needed, a visitor elsewhere, no webhook, no passkey of its own', async () => {
      const { browser, copy } = await victimAndCopy();
      expect(await webhook(copy)).toMatchObject({ status: 401, body: { code: 'step_up_required' } });
      const passkey = new SoftPasskey();
      const options = (await copy.post('/api/account/passkeys/options')).body.options;

      expect((await browser.post('/api/auth/step-up', { code: await totpCode() })).status).toBe(200);
      expect(browser.cookie('sid')).not.toBe(copy.cookie('sid'));

      expect(await webhook(copy)).toMatchObject({ status: 401 });
      expect(await copy.post('/api/account/passkeys', { name: 'Mine now', response: passkey.register(options) })).toMatchObject({ status: 401 });
      expect(await copy.post('/api/account/passkeys/options')).toMatchObject({ status: 401 });
      expect(await answeredToCopy(copy)).toEqual([]);
      expect((await pool().query('SELECT count(*)::int AS n FROM passkeys WHERE credential_id = $1', [passkey.id])).rows[0].n).toBe(0);
      // The owner's browser holds the new cookie, and the step-up with it.
      expect((await webhook(browser)).status).toBe(201);
    }, 60_000);

    it('is dead after a login, a password change, an email change or a factor change in the browser it came from', async () => {
      const changes: [string, (browser: HttpSession, victim: CreatedUser) => Promise<{ status: number }>][] = [
        ['login', (browser, victim) => browser.login(victim.email, TEST_PASSWORD, TEST_TOTP_SECRET)],
        ['password change', (browser) => browser.put('/api/account/password', { current_password: TEST_PASSWORD, password: TEST_PASSWORD })],
        ['email change', (browser, victim) => browser.put('/api/account/email', { email: `new-${victim.email}` })],
        ['recovery codes renewed', (browser) => browser.post('/api/account/recovery-codes')],
        ['authenticator app removed', (browser) => browser.delete('/api/account/totp')],
      ];
      const survivors: string[] = [];
      for (const [what, change] of changes) {
        const { victim, browser, copy } = await victimAndCopy();
        // Stepped up now, as the routes ask (the copy was taken before).
        await pool().query('UPDATE sessions SET second_factor_at = now() WHERE user_id = $1', [victim.userId]);
        expect({ what, status: (await change(browser, victim)).status }).toEqual({ what, status: 200 });
        if ((await copy.get('/api/user')).body?.user_id !== undefined || (await copy.get('/api/account/sessions')).status !== 401) survivors.push(what);
        expect((await browser.get('/api/user')).body.user_id).toBe(victim.userId);
      }
      expect(survivors).toEqual([]);
    }, 90_000);
  });

  it("with a session cookie copied inside its step-up window: the passkey the thief adds is mailed to the owner at once, and one click removes it, ends the thief's session and holds logins until a reset", async () => {
    const victim = await createUser(pool(), { firstName: 'Vera', lastName: 'Victim', factor: 'totp' });
    const own = await signedIn(victim);
    const copied = new HttpSession(app.http).setCookie('sid', own.cookie('sid')!);
    const theirs = new SoftPasskey();
    const { options } = (await copied.post('/api/account/passkeys/options', undefined, { 'user-agent': ATTACKER_BROWSER })).body;
    const added = await copied.post('/api/account/passkeys', { name: 'Security key', response: theirs.register(options) }, { 'user-agent': ATTACKER_BROWSER });
    expect(added.status).toBe(201);
    const mail = (
      await pool().query<{ body: string }>(`SELECT body FROM mail_outbox WHERE recipient = $1 AND subject = $2`, [
        victim.email,
        'A passkey was added to your Escrow Ledger account',
      ])
    ).rows;
    expect(mail).toHaveLength(1);
    expect(mail[0]!.body).toContain('from Chrome on Windows');
    const code = /\/not-me\/([A-Za-z0-9_-]+)/.exec(mail[0]!.body)![1]!;

    expect((await attacker().post('/api/auth/factor-alerts/undo', { code })).status).toBe(200);
    expect((await copied.get('/api/user')).body).toEqual({});
    const again = attacker();
    const { options: signIn } = (await again.post('/api/auth/passkey/options')).body;
    expect((await again.post('/api/auth/passkey/login', { response: theirs.authenticate(signIn) })).status).toBe(401);
    expect((await again.post('/api/auth/login', { email: victim.email, password: TEST_PASSWORD })).body).toMatchObject({ code: 'password_reset_required' });
    expect(
      await count(`SELECT count(*)::int AS n FROM security_log WHERE user_id = $1 AND kind IN ('factor_alert_sent', 'factor_alert_used')`, [victim.userId]),
    ).toBe(2);
  });

  it('with a password alone on an account without a factor: the email change the thief asks for dies with "this wasn\'t me", and the invitation link is spent', async () => {
    // A buyer invited by a seller, who chose a password with a reset link instead of the invitation's.
    const victim = await createUser(pool(), { firstName: 'Nora', lastName: 'Nofactor' });
    const thief = attacker();
    expect((await thief.post('/api/auth/login', { email: victim.email, password: TEST_PASSWORD }, { 'user-agent': ATTACKER_BROWSER })).status).toBe(200);
    // A first factor needs no step-up the thief could not give: the password was just typed.
    const { secret } = (await thief.post('/api/account/totp/setup')).body as { secret: string };
    expect((await thief.post('/api/account/totp', { code: await totpCode(secret) })).status).toBe(200);
    const theirs = `thief-${victim.email}`;
    expect((await thief.put('/api/account/email', { email: theirs })).status).toBe(200);
    const confirmCode = /\/confirm-email\/([A-Za-z0-9_-]+)/.exec((await lastMailTo(pool(), theirs))!.body)![1]!;

    // The victim clicks "this wasn't me" in the factor's mail: the pending change ends with the sessions.
    const alert = await pool().query<{ body: string }>(`SELECT body FROM mail_outbox WHERE recipient = $1 AND subject = $2`, [
      victim.email,
      'An authenticator app was added to your Escrow Ledger account',
    ]);
    const undo = /\/not-me\/([A-Za-z0-9_-]+)/.exec(alert.rows[0]!.body)![1]!;
    expect((await attacker().post('/api/auth/factor-alerts/undo', { code: undo })).status).toBe(200);
    expect(await attacker().post('/api/auth/email/confirm', { code: confirmCode })).toMatchObject({ status: 404, body: { code: 'link_invalid' } });
    expect((await pool().query('SELECT email FROM users WHERE user_id = $1', [victim.userId])).rows[0].email).toBe(victim.email);
    expect(await mailsTo(theirs, 'Your Escrow Ledger email address was changed')).toBe(0);
  });

  it('with an owner\'s password alone: the invitation the thief sends themself is withdrawn by "this wasn\'t me"', async () => {
    // A founding owner without a factor, as the owner of an approved application starts.
    const victim = await createUser(pool(), { companyId: seller.companyId, companyRole: 'owner', factor: null, firstName: 'Otto', lastName: 'Owner' });
    const thief = attacker();
    expect((await thief.post('/api/auth/login', { email: victim.email, password: TEST_PASSWORD }, { 'user-agent': ATTACKER_BROWSER })).status).toBe(200);
    const { secret } = (await thief.post('/api/account/totp/setup')).body as { secret: string };
    expect((await thief.post('/api/account/totp', { code: await totpCode(secret) })).status).toBe(200);
    const theirs = `accomplice-${Date.now()}@example.test`;
    expect((await thief.post('/api/company/invitations', { email: theirs, role: 'owner' })).status).toBe(201);
    const join = /\/team\/join\/([A-Za-z0-9_-]+)/.exec((await lastMailTo(pool(), theirs))!.body)![1]!;
    expect((await attacker().get(`/api/team-invitations/${join}`)).status).toBe(200);

    const alert = await pool().query<{ body: string }>(`SELECT body FROM mail_outbox WHERE recipient = $1 AND subject = $2`, [
      victim.email,
      'An authenticator app was added to your Escrow Ledger account',
    ]);
    const undo = /\/not-me\/([A-Za-z0-9_-]+)/.exec(alert.rows[0]!.body)![1]!;
    const undone = await attacker().post('/api/auth/factor-alerts/undo', { code: undo });
    expect(undone).toMatchObject({
      status: 200,
      body: { message: expect.stringContaining('The invitation to join your company sent from your account and not yet accepted was withdrawn.') },
    });
    expect(await attacker().get(`/api/team-invitations/${join}`)).toMatchObject({ status: 410, body: { code: 'invitation_revoked' } });
    const revoked = await pool().query(`SELECT data->>'byRole' AS by_role FROM events WHERE stream_id = $1 AND type = 'InvitationRevoked'`, [
      `company-${seller.companyId}`,
    ]);
    expect(revoked.rows).toEqual([{ by_role: 'system' }]);
    const logged = await pool().query(`SELECT detail->>'invitations_withdrawn' AS n FROM security_log WHERE user_id = $1 AND kind = 'factor_alert_used'`, [
      victim.userId,
    ]);
    expect(logged.rows).toEqual([{ n: '1' }]);
  });

  it('with an invitation link to a mailbox the thief reads: nothing once a password was chosen another way', async () => {
    const seller = parties.sessions.seller;
    const email = `invited-${Date.now()}@example.test`;
    const created = await seller.post('/api/job/customer/new', { first_name: 'Ida', last_name: 'Invited', email, phone: '(555) 010-2030' });
    expect(created.status).toBe(201);
    const invitation = /\/customer\/new\/([A-Za-z0-9_-]+)/.exec((await lastMailTo(pool(), email))!.body)![1]!;
    expect((await attacker().get(`/api/auth/invite/${invitation}`)).status).toBe(200);
    // The buyer chooses a password through "Forgot password" instead.
    expect((await attacker().post('/api/user/password/forgot', { email })).status).toBe(200);
    await afterAnswers(app);
    const reset = /\/password\/reset\/([A-Za-z0-9_-]+)/.exec((await lastMailTo(pool(), email))!.body)![1]!;
    expect((await attacker().put('/api/user/password/reset', { code: reset, password: 'Her-own-choice-2026' })).status).toBe(200);
    // Whoever reads the mailbox later cannot choose another password with the invitation, nor sign in past the factor with it.
    expect(await attacker().get(`/api/auth/invite/${invitation}`)).toMatchObject({ status: 404, body: { code: 'link_invalid' } });
    const taken = attacker();
    expect(await taken.post(`/api/auth/invite/${invitation}`, { password: 'Thiefs-choice-2026' })).toMatchObject({
      status: 404,
      body: { code: 'link_invalid' },
    });
    expect((await taken.get('/api/user')).body).toEqual({});
    expect((await attacker().post('/api/auth/login', { email, password: 'Her-own-choice-2026' })).status).toBe(200);
  });
});
