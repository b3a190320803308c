import { type CreatedUser, createSeller, createUser, HttpSession, startSession } from '../../test/support/http-session';
import { createTestApp, type TestApp } from '../../test/support/test-app';

/**
 * Issue 37, point 3: an owner's security view of the company. Its membership changes and its
 * members' logins, with each person's role now; nothing of another company; owners only.
 */
describe('teams: the company security view', () => {
  let app: TestApp;
  let owner: CreatedUser & { companyId: number };
  let finance: CreatedUser;
  let stranger: CreatedUser & { companyId: number };
  let asOwner: HttpSession;

  const session = async (user: CreatedUser) => new HttpSession(app.http).setCookie('sid', await startSession(app.db.pool, user.userId));
  type Entry = { kind: string; user_id: number | null; user_name: string | null; member_role: string | null; detail: Record<string, unknown> };

  beforeAll(async () => {
    app = await createTestApp();
    owner = await createSeller(app.db.pool, { name: 'Saguaro Log Builders', services: ['General Contracting'] });
    finance = await createUser(app.db.pool, { companyId: owner.companyId, companyRole: 'finance', firstName: 'Fran', lastName: 'Finance' });
    stranger = await createSeller(app.db.pool, { name: 'Outsider Roofing', services: ['Roofing'] });
    asOwner = await session(owner);
    expect((await asOwner.post('/api/company/invitations', { email: `invited-${Date.now()}@test.escrowledger.test`, role: 'viewer' })).status).toBe(201);
    await new HttpSession(app.http).login(finance.email, finance.password);
    await new HttpSession(app.http).login(stranger.email, stranger.password);
  }, 60_000);
  afterAll(() => app.close());

  it("lists the company's membership changes and its members' logins, with their role now, and nothing of another company", async () => {
    const answer = await asOwner.get('/api/company/security-log');
    expect(answer.status).toBe(200);
    const entries = answer.body.entries as Entry[];
    expect(entries.find((e) => e.kind === 'member_invited')).toMatchObject({ detail: { company_id: owner.companyId, role: 'viewer', by_role: 'owner' } });
    expect(entries.find((e) => e.kind === 'login')).toMatchObject({ user_id: finance.userId, user_name: 'Fran Finance', member_role: 'finance' });
    expect(entries.some((e) => e.user_id === stranger.userId)).toBe(false);
    expect(answer.body).toMatchObject({ page: 1, pages: 1 });
  });

  it("shows one member's rows when asked", async () => {
    const entries = (await asOwner.get(`/api/company/security-log?user_id=${finance.userId}`)).body.entries as Entry[];
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.every((e) => e.user_id === finance.userId)).toBe(true);
    expect((await asOwner.get('/api/company/security-log?user_id=x')).body).toMatchObject({ statusCode: 400, code: 'invalid_user_id' });
  });

  it("leaves out what a member did before joining: a person's logins elsewhere are not the company's to read", async () => {
    const joiner = await createUser(app.db.pool, { firstName: 'Jo', lastName: 'Joiner' });
    await new HttpSession(app.http).login(joiner.email, joiner.password);
    // Joined after that login (as the invitation's acceptance writes it), then logs in again.
    await app.db.pool.query(`UPDATE users SET company_id = $2, company_role = 'viewer', company_joined_at = now() WHERE user_id = $1`, [
      joiner.userId,
      owner.companyId,
    ]);
    await new HttpSession(app.http).login(joiner.email, joiner.password);
    const entries = (await asOwner.get(`/api/company/security-log?user_id=${joiner.userId}`)).body.entries as Entry[];
    expect(entries.filter((e) => e.kind === 'login')).toHaveLength(1);
    expect((await app.db.pool.query(`SELECT 1 FROM security_log WHERE user_id = $1 AND kind = 'login'`, [joiner.userId])).rowCount).toBe(2);
  });

  it('is for owners only', async () => {
    expect((await (await session(finance)).get('/api/company/security-log')).body).toMatchObject({ statusCode: 403, code: 'role_forbidden' });
  });
});
