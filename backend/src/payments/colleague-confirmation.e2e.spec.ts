import { type CreatedUser, createSeller, createUser, HttpSession, startSession } from '../../test/support/http-session';
import { createTestApp, type TestApp } from '../../test/support/test-app';

const ROUTING = '011000015';

/**
 * Issue 37, point 4: the colleague confirmation with members of one company. A payout account
 * change waits for another owner or finance member with a fresh second factor, or an
 * administrator; the person who made it cannot confirm it, whatever their role, and the roles
 * that do not touch money cannot either (docs/teams.md#the-colleague-confirmation).
 */
describe('payout accounts: a colleague of the company confirms a change', () => {
  let app: TestApp;
  let owner: CreatedUser & { companyId: number };
  let finance: CreatedUser;
  let otherFinance: CreatedUser;
  let manager: CreatedUser;
  let viewer: CreatedUser;
  let admin: CreatedUser;

  const session = async (user: CreatedUser, options: { steppedUp?: boolean } = {}) =>
    new HttpSession(app.http).setCookie('sid', await startSession(app.db.pool, user.userId, options));
  /** A new verified account, chosen for payouts by `who`: held, as the company already has one. */
  const change = async (who: HttpSession, account: string) => {
    const linked = await who.post('/api/bank-accounts', {
      purpose: 'payout',
      holder_name: 'Saguaro Build Co.',
      bank_name: 'Canyon Bank',
      routing_number: ROUTING,
      account_number: account,
    });
    expect(linked.status).toBe(201);
    const id = linked.body.bank_account_id as number;
    expect((await who.post(`/api/bank-accounts/${id}/verify`, { amounts: ['0.32', '0.45'] })).status).toBe(200);
    const chosen = await who.post(`/api/bank-accounts/${id}/payout`);
    expect(chosen.body.payout_change).toMatchObject({ to: { bank_account_id: id }, can_confirm: false });
    return id;
  };

  beforeAll(async () => {
    app = await createTestApp({ payoutChangeHold: { businessDays: 3 } });
    const pool = app.db.pool;
    owner = await createSeller(pool, { name: 'Saguaro Build Co.', services: ['General Contracting'] });
    const member = (companyRole: 'finance' | 'project_manager' | 'viewer', firstName: string, lastName: string) =>
      createUser(pool, { companyId: owner.companyId, companyRole, firstName, lastName });
    finance = await member('finance', 'Fran', 'Finance');
    otherFinance = await member('finance', 'Otto', 'Office');
    manager = await member('project_manager', 'Pat', 'Manager');
    viewer = await member('viewer', 'Vic', 'Viewer');
    admin = await createUser(pool, { role: 'admin', adminRole: 'finance' });
  }, 60_000);
  afterAll(() => app.close());

  it('refuses the member who made the change whatever their role, and the roles that do not touch money', async () => {
    const asFinance = await session(finance);
    await change(asFinance, '000555551111');
    expect(await asFinance.post('/api/bank-accounts/payout-change/confirm')).toMatchObject({
      status: 403,
      body: { message: 'Another user of your company or an administrator must confirm a change you made.', code: 'own_change' },
    });
    for (const refused of [manager, viewer]) {
      expect((await (await session(refused)).post('/api/bank-accounts/payout-change/confirm')).body).toMatchObject({
        statusCode: 403,
        code: 'role_forbidden',
        message: "Only the company's owner and finance members can confirm or undo a payout account change.",
      });
    }
    // An owner who made the change is refused as well.
    const asOwner = await session(owner);
    await asOwner.post('/api/bank-accounts/payout-change/undo');
    await change(asOwner, '000555552222');
    expect((await asOwner.post('/api/bank-accounts/payout-change/confirm')).body).toMatchObject({ statusCode: 403, code: 'own_change' });
  });

  it('lets another finance member confirm early, with a fresh second factor only', async () => {
    // The owner's change of the test above is still held.
    const stale = await session(otherFinance, { steppedUp: false });
    expect((await stale.get('/api/bank-accounts')).body.payout_change).toMatchObject({ can_confirm: true, changed_by_name: owner.name });
    expect(await stale.post('/api/bank-accounts/payout-change/confirm')).toMatchObject({ status: 401, body: { code: 'step_up_required' } });
    const confirmed = await (await session(otherFinance)).post('/api/bank-accounts/payout-change/confirm');
    expect(confirmed).toMatchObject({ status: 200, body: { payout_change: null } });
    const { rows } = await app.db.pool.query(
      `SELECT data, metadata FROM events WHERE type = 'PayoutAccountChangeConfirmed' ORDER BY global_position DESC LIMIT 1`,
    );
    expect(rows[0]).toMatchObject({ data: { by: otherFinance.userId }, metadata: { actorCompanyRole: 'finance' } });
  });

  it('lets an owner confirm a finance member’s change, and an administrator too', async () => {
    await change(await session(finance), '000555553333');
    expect((await (await session(owner)).post('/api/bank-accounts/payout-change/confirm')).status).toBe(200);
    const id = await change(await session(finance), '000555554444');
    const byAdmin = await (await session(admin)).post(`/api/admin/companies/${owner.companyId}/payout-change/confirm`);
    expect(byAdmin).toMatchObject({ status: 200, body: { payout_account: { bank_account_id: id }, payout_change: null } });
  });
});
