import { type CreatedUser, createSeller, createUser, HttpSession, startSession } from '../../test/support/http-session';
import { createTestApp, type TestApp } from '../../test/support/test-app';

/**
 * A company's stream records its founding members (the users the migration made members) with
 * its first membership change that succeeds: a refused request changes nothing, not even that
 * (the fuzzer's finding: a refused role change of a non-member recorded them).
 */
describe('teams: the founding members of a company', () => {
  let app: TestApp;
  let owner: CreatedUser & { companyId: number };
  let asOwner: HttpSession;

  const streamTypes = async () =>
    (
      await app.db.pool.query<{ type: string }>('SELECT type FROM events WHERE stream_id = $1 ORDER BY stream_revision', [`company-${owner.companyId}`])
    ).rows.map((r) => r.type);
  const mailsTo = async (email: string) => (await app.db.pool.query('SELECT 1 FROM mail_outbox WHERE recipient = $1', [email])).rowCount;

  beforeAll(async () => {
    app = await createTestApp();
    owner = await createSeller(app.db.pool, { name: 'Founders Framing', services: ['Framing'] });
    asOwner = new HttpSession(app.http).setCookie('sid', await startSession(app.db.pool, owner.userId));
  }, 60_000);
  afterAll(() => app.close());

  it('are not recorded by a refused request', async () => {
    const stranger = await createUser(app.db.pool);
    expect((await asOwner.request('PATCH', `/api/company/members/${stranger.userId}`, { role: 'finance' })).body).toMatchObject({
      statusCode: 404,
      code: 'no_member',
    });
    expect(await streamTypes()).toEqual([]);
  });

  it('are recorded with the first change, in the same append, neither logged nor mailed as news', async () => {
    const member = await createUser(app.db.pool, { companyId: owner.companyId, companyRole: 'viewer' });
    expect((await asOwner.request('PATCH', `/api/company/members/${member.userId}`, { role: 'finance' })).status).toBe(200);
    expect(await streamTypes()).toEqual(['MemberJoined', 'MemberJoined', 'MemberRoleChanged']);
    const { rows } = await app.db.pool.query<{ kind: string }>(
      `SELECT kind FROM security_log WHERE detail->>'company_id' = $1::text AND kind LIKE 'member%' ORDER BY entry_id`,
      [String(owner.companyId)],
    );
    expect(rows.map((r) => r.kind)).toEqual(['member_role_changed']);
    expect(await mailsTo(owner.email)).toBe(1);
  });
});
