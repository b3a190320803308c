import { createSignedProject, type EscrowParties, runMilestone } from '../../test/support/escrow-project';
import { eventually } from '../../test/support/event-store-fixture';
import { type CreatedUser, createSeller, createUser, HttpSession, startSession } from '../../test/support/http-session';
import { createTestApp, type TestApp } from '../../test/support/test-app';
import { SecurityLog } from '../identity';
import { LegacyBankAccountsImport } from './legacy-bank-accounts.import';

const ROUTING = '011000015';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0';

/**
 * Payout accounts as events (issue 25): linked, verified by micro-deposits, chosen, changed and
 * held, confirmed by someone else or undone; every payout names the account it went to.
 */
describe('payout accounts: verified, held after a change, named by every payout', () => {
  let app: TestApp;
  let alice: CreatedUser & { companyId: number };
  let bob: CreatedUser;
  let admin: CreatedUser;
  let buyer: CreatedUser;
  let as: { alice: HttpSession; bob: HttpSession; admin: HttpSession; buyer: HttpSession };
  let firstId: number;
  let secondId: number;

  const mailsTo = async (email: string, subject: string) =>
    (await app.db.pool.query<{ body: string }>('SELECT body FROM mail_outbox WHERE recipient = $1 AND subject = $2 ORDER BY mail_id', [email, subject])).rows;
  const link = (session: HttpSession, account: string, extra: Record<string, unknown> = {}) =>
    session.post(
      '/api/bank-accounts',
      { purpose: 'payout', holder_name: 'Ridge Builders LLC', bank_name: 'Canyon Bank', routing_number: ROUTING, account_number: account, ...extra },
      { 'user-agent': FIREFOX },
    );
  const paidEvents = async () =>
    (
      await app.db.pool.query<{ type: string; data: Record<string, unknown> }>(
        `SELECT type, data FROM events WHERE type IN ('DisbursementPaid', 'RetainagePaid') ORDER BY global_position`,
      )
    ).rows;

  beforeAll(async () => {
    app = await createTestApp({ payoutChangeHold: { businessDays: 3 } });
    const pool = app.db.pool;
    alice = await createSeller(pool, { name: 'Ridge Builders', services: ['General Contracting'], payoutAccount: false });
    bob = await createUser(pool, { companyId: alice.companyId, firstName: 'Bob', lastName: 'Ridge' });
    admin = await createUser(pool, { role: 'admin', firstName: 'Ada', lastName: 'Admin' });
    buyer = await createUser(pool, { firstName: 'Olivia', lastName: 'Owner' });
    const session = async (user: CreatedUser) => new HttpSession(app.http).setCookie('sid', await startSession(pool, user.userId));
    as = { alice: await session(alice), bob: await session(bob), admin: await session(admin), buyer: await session(buyer) };
  }, 60_000);
  afterAll(() => app.close());

  it('links a payout account pending two micro-deposits, and locks it after three wrong tries', async () => {
    const linked = await link(as.alice, '000111116789');
    expect(linked.status).toBe(201);
    expect(linked.body).toMatchObject({
      purpose: 'payout',
      last4: '6789',
      masked: '••••6789',
      status: 'pending_verification',
      verification_tries_left: 3,
      is_payout_account: false,
    });
    const id = linked.body.bank_account_id;
    expect((await as.alice.post(`/api/bank-accounts/${id}/payout`)).body).toMatchObject({
      message: 'Confirm the two small deposits before this account can receive payouts.',
    });
    const wrong = () => as.alice.post(`/api/bank-accounts/${id}/verify`, { amounts: ['0.10', '0.20'] });
    expect(await wrong()).toMatchObject({ status: 400, body: { message: 'Those amounts do not match the two deposits. 2 tries left.' } });
    expect(await wrong()).toMatchObject({ status: 400, body: { message: 'Those amounts do not match the two deposits. 1 try left.' } });
    const third = await wrong();
    expect(third).toMatchObject({ status: 409, body: { message: 'This account is locked after three wrong tries. Link it again to get new deposits.' } });
    expect((await as.alice.post(`/api/bank-accounts/${id}/verify`, { amounts: ['0.32', '0.45'] })).status).toBe(409);
    expect((await as.alice.post(`/api/bank-accounts/${id}/verify`, { amounts: ['lots'] })).status).toBe(400);
    // Somebody else's account is not found, whoever asks.
    expect((await as.buyer.post(`/api/bank-accounts/${id}/verify`, { amounts: ['0.32', '0.45'] })).status).toBe(404);
  });

  it("makes a company's first verified payout account pay at once, and tells every user of the company and the administrators", async () => {
    firstId = (await link(as.alice, '000222221111')).body.bank_account_id;
    const verified = await as.alice.post(`/api/bank-accounts/${firstId}/verify`, { amounts: ['0.45', '0.32'] });
    expect(verified.body).toMatchObject({ status: 'verified' });
    const chosen = await as.alice.post(`/api/bank-accounts/${firstId}/payout`);
    expect(chosen.status).toBe(200);
    expect(chosen.body).toMatchObject({ payout_account: { bank_account_id: firstId, masked: '••••1111', is_payout_account: true }, payout_change: null });
    for (const person of [alice, bob, admin]) expect(await mailsTo(person.email, 'Payout account of Ridge Builders changed')).toHaveLength(1);
    const listed = await as.bob.get('/api/bank-accounts');
    expect(listed.body).toMatchObject({ payout_account: { bank_account_id: firstId }, payout_change: null, deposit_accounts: [] });
    expect(listed.body.payout_accounts.map((a: { status: string }) => a.status).sort()).toEqual(['locked', 'verified']);
  });

  it('holds payouts after a change; the changer cannot confirm it, another user can, and the payout names the new account', async () => {
    const parties: EscrowParties = { buyer, seller: alice, sessions: { buyer: as.buyer, seller: as.alice } };
    const { jobId: projectId, firstMilestone } = await createSignedProject(parties);
    await runMilestone(parties, firstMilestone, 'funded');

    secondId = (await link(as.alice, '000333332222')).body.bank_account_id;
    await as.alice.post(`/api/bank-accounts/${secondId}/verify`, { amounts: ['0.32', '0.45'] });
    const changed = await as.alice.post(`/api/bank-accounts/${secondId}/payout`, undefined, { 'user-agent': FIREFOX });
    expect(changed.body.payout_account).toMatchObject({ bank_account_id: secondId, masked: '••••2222' });
    expect(changed.body.payout_change).toMatchObject({
      changed_by_name: alice.name,
      browser: FIREFOX,
      from: { bank_account_id: firstId },
      to: { bank_account_id: secondId },
      can_confirm: false,
      can_undo: true,
    });
    const [mail] = await mailsTo(bob.email, 'Payout account of Ridge Builders changed').then((m) => m.slice(-1));
    expect(mail!.body).toContain(`${alice.name} changed the account`);
    expect(mail!.body).toContain(FIREFOX);
    expect(mail!.body).toContain('Canyon Bank ••••2222 instead of Canyon Bank ••••1111');
    expect(mail!.body).toContain('/portal/direct-deposit');
    expect(await mailsTo(admin.email, 'Payout account of Ridge Builders changed')).toHaveLength(2);

    // Both complete: the disbursement is requested, and waits out the hold.
    expect((await as.alice.put(`/api/milestone/${firstMilestone}/complete`, { complete: true })).status).toBe(200);
    expect((await as.buyer.put(`/api/milestone/${firstMilestone}/complete`, { complete: true })).status).toBe(200);
    await eventually(
      () => as.alice.get(`/api/milestone/${firstMilestone}/disbursements`),
      (a) => a.body?.length === 1,
    );
    await new Promise((r) => setTimeout(r, 1000)); // four dispatcher passes
    const waiting = (await as.alice.get(`/api/milestone/${firstMilestone}/disbursements`)).body[0];
    const changedOn = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(changed.body.payout_change.changed_at),
    );
    expect(waiting).toMatchObject({
      status: 'requested',
      payout_account: { last4: '2222', masked: '••••2222', bank_name: 'Canyon Bank' },
      hold: { reason: 'payout_account_changed', text: `held: payout account changed on ${changedOn}`, until: changed.body.payout_change.hold_until },
    });
    expect(
      (
        await app.db.pool.query('SELECT count(*)::int AS n FROM payment_submissions s JOIN payment_instructions i USING (instruction_key) WHERE i.kind = $1', [
          'payout',
        ])
      ).rows[0].n,
    ).toBe(0);

    expect((await as.admin.get(`/api/admin/job/${projectId}`)).body.milestones[0].disbursements[0].hold).toMatchObject({ reason: 'payout_account_changed' });
    expect(await as.alice.post('/api/bank-accounts/payout-change/confirm')).toMatchObject({
      status: 403,
      body: { message: 'Another user of your company or an administrator must confirm a change you made.' },
    });
    const held = await as.bob.get('/api/bank-accounts');
    expect(held.body.payout_change).toMatchObject({ can_confirm: true, changed_by_name: alice.name });
    const confirmed = await as.bob.post('/api/bank-accounts/payout-change/confirm');
    expect(confirmed).toMatchObject({ status: 200, body: { payout_account: { bank_account_id: secondId }, payout_change: null } });
    expect(await mailsTo(alice.email, 'Payout account change of Ridge Builders confirmed')).toHaveLength(1);

    await eventually(
      () => as.alice.get(`/api/milestone/${firstMilestone}/disbursements`),
      (a) => a.body?.[0]?.status === 'paid',
    );
    const adminPage = (await as.admin.get(`/api/admin/job/${projectId}`)).body.milestones[0];
    expect(adminPage.disbursements[0]).toMatchObject({ status: 'paid', payout_account: { masked: '••••2222' }, hold: null });
    const card = (await as.buyer.get(`/api/milestone/${firstMilestone}/disbursements`)).body[0];
    expect(card).toMatchObject({ status: 'paid', payout_account: { masked: '••••2222' }, hold: null });
    const [paid] = await paidEvents();
    expect(paid).toMatchObject({ type: 'DisbursementPaid', data: { payoutAccount: { bankAccountId: secondId, last4: '2222', bankName: 'Canyon Bank' } } });
    // The ledger's postings of the payout name the account too.
    const ledger = await eventually(
      () => as.admin.get(`/api/admin/job/${projectId}/ledger`),
      (a) => a.body?.some?.((l: { event_type: string }) => l.event_type === 'DisbursementPaid'),
    );
    const payout = ledger.body.filter((l: { event_type: string }) => l.event_type === 'DisbursementPaid');
    expect(payout.map((l: { paid_to: string }) => l.paid_to)).toEqual(payout.map(() => 'Canyon Bank ••••2222'));
  });

  it('undoes a held change at once, restoring the previous account; an administrator can too', async () => {
    const third = (await link(as.alice, '000444443333')).body.bank_account_id;
    await as.alice.post(`/api/bank-accounts/${third}/verify`, { amounts: ['0.32', '0.45'] });
    expect((await as.alice.post(`/api/bank-accounts/${third}/payout`)).body.payout_change).toMatchObject({ to: { bank_account_id: third } });
    const undone = await as.bob.post('/api/bank-accounts/payout-change/undo');
    expect(undone).toMatchObject({ status: 200, body: { payout_account: { bank_account_id: secondId }, payout_change: null } });
    expect(await mailsTo(admin.email, 'Payout account change of Ridge Builders undone')).toHaveLength(1);
    expect((await as.bob.post('/api/bank-accounts/payout-change/undo')).status).toBe(409);

    // The administrator's console: the same answer for the company, and a confirm of a new change.
    await as.alice.post(`/api/bank-accounts/${third}/payout`);
    const seen = await as.admin.get(`/api/admin/companies/${alice.companyId}/bank-accounts`);
    expect(seen.body.payout_change).toMatchObject({ to: { bank_account_id: third }, can_confirm: true });
    expect((await as.alice.get(`/api/admin/companies/${alice.companyId}/bank-accounts`)).status).toBe(403);
    const byAdmin = await as.admin.post(`/api/admin/companies/${alice.companyId}/payout-change/confirm`);
    expect(byAdmin).toMatchObject({ status: 200, body: { payout_account: { bank_account_id: third }, payout_change: null } });
    const { rows } = await app.db.pool.query(`SELECT data FROM events WHERE type = 'PayoutAccountChangeConfirmed' ORDER BY global_position DESC LIMIT 1`);
    expect(rows[0].data).toMatchObject({ by: admin.userId, byRole: 'admin' });
  });

  it('keeps buyers to deposit accounts (mailed on a change) and removes an account', async () => {
    expect((await link(as.buyer, '000555554444')).status).toBe(403);
    const first = await as.buyer.post('/api/bank-accounts', {
      purpose: 'deposit',
      holder_name: 'Olivia Owner',
      routing_number: ROUTING,
      account_number: '000555554444',
    });
    expect(first.body).toMatchObject({ purpose: 'deposit', status: 'verified', masked: '••••4444' });
    expect(await mailsTo(buyer.email, 'Your deposit account changed')).toHaveLength(1);
    const removed = await as.buyer.delete(`/api/bank-accounts/${first.body.bank_account_id}`);
    expect(removed.body).toMatchObject({ status: 'removed' });
    expect((await as.buyer.get('/api/bank-accounts')).body).toMatchObject({ deposit_accounts: [], payout_account: null });
    // The company's payout account can be removed: payouts then wait for a new one.
    const current = (await as.alice.get('/api/bank-accounts')).body.payout_account.bank_account_id;
    expect((await as.alice.delete(`/api/bank-accounts/${current}`)).body).toMatchObject({ status: 'removed', is_payout_account: false });
    expect((await as.alice.get('/api/bank-accounts')).body.payout_account).toBeNull();
  });

  it("records every change in the security log of whoever made it, and in the administrators' view: who, when, session, browser, the account masked", async () => {
    const pool = app.db.pool;
    type Entry = { kind: string; detail: Record<string, unknown>; browser: string | null; actor_name: string | null; user_name?: string | null };
    const logOf = (session: HttpSession) => session.get<{ entries: Entry[] }>('/api/account/security-log').then((a) => a.body.entries);
    const kindsOf = (entries: Entry[]) => entries.map((e) => e.kind);
    // Written from the events by a follower of the global order: a moment after the answer.
    const alices = await eventually(
      () => logOf(as.alice),
      (entries) => kindsOf(entries).includes('bank_account_removed'),
    );
    expect(kindsOf(alices)).toEqual(
      expect.arrayContaining([
        'bank_account_linked',
        'bank_account_verification_failed',
        'bank_account_locked',
        'bank_account_verified',
        'payout_account_chosen',
        'bank_account_removed',
      ]),
    );
    const aliceSession = (await pool.query<{ session_id: string }>('SELECT session_id FROM sessions WHERE user_id = $1', [alice.userId])).rows[0]!.session_id;
    const change = alices.find((e) => e.kind === 'payout_account_chosen' && e.detail.account === 'Canyon Bank ••••2222')!;
    expect(change).toMatchObject({
      actor_name: alice.name,
      browser: 'Firefox on Linux',
      detail: {
        bank_account_id: secondId,
        purpose: 'payout',
        company_id: alice.companyId,
        previous_account: 'Canyon Bank ••••1111',
        session: expect.any(String),
      },
    });
    expect(change.detail.payouts_held_until).toEqual(expect.any(String));
    expect(alices.find((e) => e.kind === 'bank_account_linked' && e.detail.account === 'Canyon Bank ••••6789')).toMatchObject({ browser: 'Firefox on Linux' });
    expect(JSON.stringify(alices)).not.toMatch(/0001111|Ridge Builders LLC/);
    const { rows: sessions } = await pool.query<{ session_id: string | null }>(
      `SELECT DISTINCT session_id FROM security_log WHERE user_id = $1 AND kind LIKE '%account%'`,
      [alice.userId],
    );
    expect(sessions).toEqual([{ session_id: aliceSession }]);

    expect(kindsOf(await logOf(as.bob))).toEqual(expect.arrayContaining(['payout_account_change_confirmed', 'payout_account_change_undone']));
    const byAdmin = (await logOf(as.admin)).find((e) => e.kind === 'payout_account_change_confirmed');
    expect(byAdmin).toMatchObject({ actor_name: admin.name, detail: { account: 'Canyon Bank ••••3333', company_id: alice.companyId, by_administrator: true } });
    expect(kindsOf(await logOf(as.buyer))).toEqual(expect.arrayContaining(['bank_account_linked', 'deposit_account_chosen', 'bank_account_removed']));

    // Everyone's log, for administrators: filtered by kind, with whose account it is.
    const everyone = await as.admin.get<{ entries: Entry[] }>('/api/admin/security-log?kind=payout_account_change_undone');
    expect(everyone.body.entries).toEqual([
      expect.objectContaining({ user_name: 'Bob Ridge', detail: expect.objectContaining({ restored_account: 'Canyon Bank ••••2222' }) }),
    ]);

    // One row per change, whatever follows the events: a row for an event already written is not written again.
    const { rows: counted } = await pool.query<{ events: number; rows: number }>(
      `SELECT (SELECT count(*)::int FROM events WHERE stream_id LIKE 'bank-accounts-%' AND type <> 'MicroDepositsSent') AS events,
              (SELECT count(*)::int FROM security_log WHERE event_id IS NOT NULL) AS rows`,
    );
    expect(counted[0]!.rows).toBe(counted[0]!.events);
    const { rows: one } = await pool.query<{ id: string }>(`SELECT event_id::text AS id FROM security_log WHERE event_id IS NOT NULL LIMIT 1`);
    await app.app.get(SecurityLog).record({ userId: alice.userId, kind: 'bank_account_linked', eventId: one[0]!.id });
    expect((await pool.query('SELECT count(*)::int AS n FROM security_log WHERE event_id = $1', [one[0]!.id])).rows[0].n).toBe(1);
  });

  it('keeps holder names, addresses and browsers out of the events, and erases them with their user', async () => {
    const pool = app.db.pool;
    const { rows: events } = await pool.query<{ type: string; data: Record<string, unknown> }>(
      `SELECT type, data FROM events WHERE stream_id LIKE 'bank-accounts-%' ORDER BY global_position`,
    );
    expect(events.length).toBeGreaterThan(10);
    const { rows: origins } = await pool.query<{ ip: string | null }>('SELECT DISTINCT ip FROM request_origins WHERE ip IS NOT NULL');
    expect(origins.length).toBeGreaterThan(0);
    const personal = ['Ridge Builders LLC', 'Olivia Owner', FIREFOX, ...origins.map((o) => o.ip!)];
    for (const event of events) {
      for (const key of ['holderName', 'ip', 'browser']) expect(event.data).not.toHaveProperty(key);
      for (const text of personal) expect(JSON.stringify(event.data)).not.toContain(text);
      expect(event.data.originId).toEqual(expect.any(String));
    }
    // What the events refer to is in the mutable tables, with whose it is.
    const count = async (sql: string, params: unknown[]) => (await pool.query<{ n: number }>(sql, params)).rows[0]!.n;
    const originsOf = (userId: number) => count('SELECT count(*)::int AS n FROM request_origins WHERE user_id = $1', [userId]);
    const holdersOf = (userId: number) => count('SELECT count(*)::int AS n FROM bank_account_holders WHERE user_id = $1', [userId]);
    expect(await count('SELECT count(*)::int AS n FROM request_origins WHERE user_id = $1 AND user_agent = $2', [alice.userId, FIREFOX])).toBeGreaterThan(0);
    expect(await originsOf(buyer.userId)).toBeGreaterThan(0);
    expect(await originsOf(bob.userId)).toBeGreaterThan(0);
    expect(await count('SELECT count(*)::int AS n FROM bank_account_holders WHERE user_id = $1 AND holder_name = $2', [buyer.userId, 'Olivia Owner'])).toBe(1);
    // Erasing an account (its users row, which every personal table cascades from) erases them;
    // the ledger stays as it was.
    const before = await count('SELECT count(*)::int AS n FROM events', []);
    const alicesOrigins = await originsOf(alice.userId);
    await pool.query('DELETE FROM users WHERE user_id = ANY($1)', [[buyer.userId, bob.userId]]);
    expect(await originsOf(buyer.userId)).toBe(0);
    expect(await holdersOf(buyer.userId)).toBe(0);
    expect(await originsOf(bob.userId)).toBe(0);
    expect(await count('SELECT count(*)::int AS n FROM request_origins WHERE user_agent = $1 AND user_id IS NULL', [FIREFOX])).toBe(0);
    expect(await originsOf(alice.userId)).toBe(alicesOrigins);
    expect(await count('SELECT count(*)::int AS n FROM events', [])).toBe(before);
    // The company's accounts still read, their holder kept with the company.
    expect((await as.alice.get('/api/bank-accounts')).body.payout_accounts[0]).toMatchObject({ holder_name: 'Ridge Builders LLC' });
  });
});

describe('the rows of the old bank_accounts table', () => {
  let app: TestApp;
  afterAll(() => app.close());

  it('become events once, with their ids; the newest payout account of a company pays', async () => {
    app = await createTestApp();
    const pool = app.db.pool;
    const seller = await createSeller(pool, { name: 'Legacy Builders', payoutAccount: false });
    const buyer = await createUser(pool);
    const insert = (purpose: string, owner: { user?: number; company?: number }, id: number, last4: string, createdAt: string) =>
      pool.query(
        `INSERT INTO bank_accounts (bank_account_id, purpose, user_id, company_id, holder_name, bank_name, last4, provider_token, created_at, created_by)
         VALUES ($1, $2, $3, $4, 'Holder', 'Old Bank', $5, $6, $7, $8)`,
        [id, purpose, owner.user ?? null, owner.company ?? null, last4, `sbx_ba_old_${id}`, createdAt, owner.user ?? seller.userId],
      );
    await insert('payout', { company: seller.companyId }, 900_001, '1001', '2026-01-01T00:00:00Z');
    await insert('payout', { company: seller.companyId }, 900_002, '1002', '2026-02-01T00:00:00Z');
    await insert('deposit', { user: buyer.userId }, 900_003, '1003', '2026-01-15T00:00:00Z');
    const importer = app.app.get(LegacyBankAccountsImport);
    expect(await importer.run()).toBe(3);
    expect(await importer.run()).toBe(0);
    const s = new HttpSession(app.http).setCookie('sid', await startSession(pool, seller.userId));
    const answer = await eventually(
      () => s.get('/api/bank-accounts'),
      (a) => a.body.payout_accounts?.length === 2,
    );
    expect(answer.body.payout_account).toMatchObject({ bank_account_id: 900_002, masked: '••••1002', status: 'verified' });
    expect(answer.body.payout_change).toBeNull();
    const b = new HttpSession(app.http).setCookie('sid', await startSession(pool, buyer.userId));
    expect((await b.get('/api/bank-accounts')).body.deposit_accounts).toMatchObject([{ bank_account_id: 900_003, masked: '••••1003' }]);
    // The import's origin and the holder names live in the erasable tables, the events name the origin.
    const { rows } = await pool.query(
      `SELECT DISTINCT r.user_agent AS browser, e.data ? 'browser' AS in_event FROM events e JOIN request_origins r ON r.origin_id = (e.data->>'originId')::uuid
        WHERE e.stream_id LIKE 'bank-accounts-%' AND (e.data->>'bankAccountId')::int >= 900000`,
    );
    expect(rows).toEqual([{ browser: 'one-time import of the bank_accounts table', in_event: false }]);
    expect(
      (await pool.query('SELECT count(*)::int AS n FROM bank_account_holders WHERE bank_account_id >= 900000 AND holder_name = $1', ['Holder'])).rows[0].n,
    ).toBe(3);
  });
});
