import { type CreatedUser, createSeller, createUser, HttpSession, lastMailTo, startSession } from '../../test/support/http-session';
import { createTestApp, type TestApp } from '../../test/support/test-app';
import { EventStreams } from '../command-side';

/**
 * Issue 37: a contractor company is a team. Invitations make accounts and members; the
 * permission table decides on every route; a removal or a role change holds from the very next
 * request; a company keeps an owner, even against two owners removing each other at once.
 */
describe('teams: members, invitations and roles', () => {
  let app: TestApp;
  let owner: CreatedUser & { companyId: number };
  let as: { owner: HttpSession; admin: HttpSession };

  const session = async (user: CreatedUser) => new HttpSession(app.http).setCookie('sid', await startSession(app.db.pool, user.userId));
  const codeIn = async (email: string) => {
    const mail = await lastMailTo(app.db.pool, email);
    return /\/team\/join\/([A-Za-z0-9_-]+)/.exec(mail?.body ?? '')?.[1] ?? null;
  };
  const email = (name: string) => `${name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@test.escrowledger.test`;
  const memberOf = async (companyId: number, role: 'owner' | 'finance' | 'project_manager' | 'viewer') =>
    createUser(app.db.pool, { companyId, companyRole: role });

  beforeAll(async () => {
    app = await createTestApp({ payoutChangeHold: { businessDays: 3 } });
    owner = await createSeller(app.db.pool, { name: 'Saguaro Team Builders', services: ['General Contracting'] });
    const admin = await createUser(app.db.pool, { role: 'admin', adminRole: 'support' });
    as = { owner: await session(owner), admin: await session(admin) };
  }, 60_000);
  afterAll(() => app.close());

  it('invites a person by email; the link makes their account, verified, in the role, signed in', async () => {
    const address = email('pm');
    const sent = await as.owner.post('/api/company/invitations', { email: address, role: 'project_manager' });
    expect(sent.status).toBe(201);
    expect(Date.parse(sent.body.expires_at) - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);
    const code = (await codeIn(address))!;
    const visitor = new HttpSession(app.http);
    expect((await visitor.get(`/api/team-invitations/${code}`)).body).toMatchObject({
      company_name: 'Saguaro Team Builders',
      role: 'project_manager',
      email: address,
      account: 'new',
    });
    const accepted = await visitor.post(`/api/team-invitations/${code}/accept`, { first_name: 'Pat', last_name: 'Manager', password: 'Correct-horse-42' });
    expect(accepted).toMatchObject({ status: 200, body: { role: 'project_manager', company_id: owner.companyId, needs_second_factor: true } });
    // A money-touching role enrols a second factor before its first action; its own account is open.
    expect((await visitor.post('/api/milestone', {})).body).toMatchObject({ code: 'second_factor_required' });
    expect((await visitor.get('/api/account/security')).status).toBe(200);
    expect((await visitor.get('/api/user')).body).toMatchObject({ company_role: 'project_manager', signing_policy: 'owner_only' });
    // Used once.
    expect((await new HttpSession(app.http).get(`/api/team-invitations/${code}`)).body).toMatchObject({ statusCode: 410, code: 'invitation_used' });
    const team = await as.owner.get('/api/company/team');
    expect(team.body.members.map((m: { email: string; role: string }) => [m.email, m.role])).toContainEqual([address, 'project_manager']);
    expect(team.body.invitations).toEqual([]);
    const types = (
      await app.db.pool.query<{ type: string }>(`SELECT type FROM events WHERE stream_id = $1 ORDER BY stream_revision`, [`company-${owner.companyId}`])
    ).rows;
    expect(types.map((t) => t.type)).toEqual(['MemberJoined', 'MemberInvited', 'MemberJoined']);
  });

  it("asks for a fresh second factor before inviting: an owner's copied cookie brings nobody into the company", async () => {
    const stale = new HttpSession(app.http).setCookie('sid', await startSession(app.db.pool, owner.userId, { steppedUp: false }));
    const address = email('thief');
    const invited = async () =>
      (
        await app.db.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM events WHERE stream_id = $1 AND type = 'MemberInvited'`, [
          `company-${owner.companyId}`,
        ])
      ).rows[0]!.n;
    const before = await invited();
    // An invitation grants its role when accepted, as a role change (asked too) does at once.
    expect(await stale.post('/api/company/invitations', { email: address, role: 'owner' })).toMatchObject({
      status: 401,
      body: { code: 'step_up_required', enrolled: true },
    });
    expect(await invited()).toBe(before);
    expect(await codeIn(address)).toBeNull();
    // Nor keeps one alive: a resend mails a new link and restarts its seven days.
    const waiting = email('waiting');
    const sent = await as.owner.post('/api/company/invitations', { email: waiting, role: 'finance' });
    const code = await codeIn(waiting);
    expect(await stale.post(`/api/company/invitations/${sent.body.invitation_id}/resend`)).toMatchObject({
      status: 401,
      body: { code: 'step_up_required', enrolled: true },
    });
    expect(await codeIn(waiting)).toBe(code);
    const resent = await app.db.pool.query(`SELECT 1 FROM events WHERE stream_id = $1 AND type = 'InvitationResent' AND data->>'invitationId' = $2`, [
      `company-${owner.companyId}`,
      sent.body.invitation_id,
    ]);
    expect(resent.rows).toEqual([]);
  });

  it('refuses an invitation to a member or while one is waiting; resends and revokes', async () => {
    expect((await as.owner.post('/api/company/invitations', { email: owner.email, role: 'viewer' })).body).toMatchObject({
      statusCode: 409,
      code: 'already_member',
    });
    const address = email('viewer');
    const first = await as.owner.post('/api/company/invitations', { email: address, role: 'viewer' });
    const oldCode = (await codeIn(address))!;
    expect((await as.owner.post('/api/company/invitations', { email: address, role: 'viewer' })).body).toMatchObject({
      statusCode: 409,
      code: 'invitation_pending',
    });
    expect((await as.owner.post(`/api/company/invitations/${first.body.invitation_id}/resend`)).status).toBe(200);
    const newCode = (await codeIn(address))!;
    expect(newCode).not.toBe(oldCode);
    expect((await new HttpSession(app.http).get(`/api/team-invitations/${oldCode}`)).status).toBe(404);
    expect((await as.owner.delete(`/api/company/invitations/${first.body.invitation_id}`)).status).toBe(204);
    expect((await new HttpSession(app.http).get(`/api/team-invitations/${newCode}`)).body).toMatchObject({ statusCode: 410, code: 'invitation_revoked' });
  });

  it('refuses an expired link, and records it as expired', async () => {
    const address = email('late');
    const sent = await as.owner.post('/api/company/invitations', { email: address, role: 'viewer' });
    const code = (await codeIn(address))!;
    // Its 7 days passed: the stream's expiry is what counts, so the event is moved back (the owner's
    // login may bypass the append-only trigger) and this process forgets the stream it folded.
    const ownerPool = app.ownerPool();
    await ownerPool.query(`ALTER TABLE events DISABLE TRIGGER USER`);
    await ownerPool.query(
      `UPDATE events SET data = jsonb_set(data, '{expiresAt}', '"2020-01-01T00:00:00.000Z"') WHERE type = 'MemberInvited' AND data->>'invitationId' = $1`,
      [sent.body.invitation_id],
    );
    await ownerPool.query(`ALTER TABLE events ENABLE TRIGGER USER`);
    (app.http.get(EventStreams) as unknown as { folded: Map<string, unknown> }).folded.clear();
    const visitor = new HttpSession(app.http);
    expect(
      (await visitor.post(`/api/team-invitations/${code}/accept`, { first_name: 'L', last_name: 'Ate', password: 'Correct-horse-42' })).body,
    ).toMatchObject({
      statusCode: 410,
      code: 'invitation_expired',
    });
    const { rows } = await app.db.pool.query(`SELECT 1 FROM events WHERE type = 'InvitationExpired' AND data->>'invitationId' = $1`, [sent.body.invitation_id]);
    expect(rows).toHaveLength(1);
  });

  it('tells a member of another company on the landing page, and refuses them', async () => {
    const other = await createSeller(app.db.pool, { name: 'Other Co' });
    await as.owner.post('/api/company/invitations', { email: other.email, role: 'viewer' });
    const code = (await codeIn(other.email))!;
    const them = await session(other);
    expect((await them.get(`/api/team-invitations/${code}`)).body).toMatchObject({ account: 'member_elsewhere' });
    expect((await them.post(`/api/team-invitations/${code}/accept`, {})).body).toMatchObject({ statusCode: 409, code: 'member_elsewhere' });
  });

  it('lets one person accept two companies’ invitations at once into one company only: the other stream names no member', async () => {
    const joined = async (companyId: number) =>
      (
        await app.db.pool.query<{ user_id: number }>(`SELECT (data->>'userId')::int AS user_id FROM events WHERE stream_id = $1 AND type = 'MemberJoined'`, [
          `company-${companyId}`,
        ])
      ).rows.map((r) => r.user_id);
    for (let round = 0; round < 3; round++) {
      const [a, b] = [await createSeller(app.db.pool, { name: `Race A ${round}` }), await createSeller(app.db.pool, { name: `Race B ${round}` })];
      const person = await createUser(app.db.pool, {});
      for (const inviter of [a, b]) {
        expect((await (await session(inviter)).post('/api/company/invitations', { email: person.email, role: 'owner' })).status).toBe(201);
      }
      // Both mails went to the same address: the last one is B's, the one before A's.
      const { rows: mails } = await app.db.pool.query<{ body: string }>(`SELECT body FROM mail_outbox WHERE recipient = $1 ORDER BY mail_id`, [person.email]);
      const codes = mails.map((m) => /\/team\/join\/([A-Za-z0-9_-]+)/.exec(m.body)?.[1]).filter((c): c is string => !!c);
      expect(codes).toHaveLength(2);
      const them = await session(person);
      const answers = await Promise.all(codes.map((code) => them.post(`/api/team-invitations/${code}/accept`, {})));
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(answers.find((r) => r.status === 409)!.body.code).toBe('member_elsewhere');
      const streams = [await joined(a.companyId), await joined(b.companyId)].map((ids) => ids.includes(person.userId));
      expect(streams.filter(Boolean)).toHaveLength(1);
      const { rows } = await app.db.pool.query<{ company_id: number }>('SELECT company_id FROM users WHERE user_id = $1', [person.userId]);
      expect(rows[0]!.company_id).toBe(streams[0] ? a.companyId : b.companyId);
    }
  });

  it('checks every route against the permission table: a project manager links no bank account, a viewer approves nothing, finance proposes nothing', async () => {
    const pm = await session(await memberOf(owner.companyId, 'project_manager'));
    const viewer = await session(await memberOf(owner.companyId, 'viewer'));
    const finance = await session(await memberOf(owner.companyId, 'finance'));
    expect((await pm.post('/api/bank-accounts', { purpose: 'payout' })).body).toMatchObject({
      statusCode: 403,
      code: 'role_forbidden',
      message: "Only the company's owner and finance members can change the company's bank accounts.",
    });
    expect((await viewer.post('/api/milestone/approval', { m_id: 1, approve: true })).body).toMatchObject({ statusCode: 403, code: 'role_forbidden' });
    expect((await finance.post('/api/milestone', {})).body).toMatchObject({ statusCode: 403, code: 'role_forbidden' });
    expect((await viewer.get('/api/company/team')).body.invitations).toEqual([]);
    expect((await viewer.post('/api/company/invitations', { email: email('x'), role: 'viewer' })).status).toBe(403);
  });

  it('keeps an owner: the last one can neither leave, nor be demoted, nor removed', async () => {
    const solo = await createSeller(app.db.pool, { name: 'Solo Co' });
    const alone = await session(solo);
    expect((await alone.post('/api/company/leave')).body).toMatchObject({ statusCode: 409, code: 'last_owner' });
    expect((await alone.request('PATCH', `/api/company/members/${solo.userId}`, { role: 'viewer' })).body).toMatchObject({
      statusCode: 409,
      code: 'last_owner',
    });
    expect((await alone.delete(`/api/company/members/${solo.userId}`)).body).toMatchObject({ statusCode: 409, code: 'last_owner' });
  });

  it('makes a role change hold on the very next request, and mails the person and every owner', async () => {
    const member = await memberOf(owner.companyId, 'finance');
    const theirs = await session(member);
    expect((await theirs.get('/api/bank-accounts')).status).toBe(200);
    const changed = await as.owner.request('PATCH', `/api/company/members/${member.userId}`, { role: 'viewer' });
    expect(changed).toMatchObject({ status: 200, body: { user_id: member.userId, role: 'viewer' } });
    expect((await theirs.get('/api/bank-accounts')).body).toMatchObject({ statusCode: 403, code: 'role_forbidden' });
    expect((await lastMailTo(app.db.pool, member.email))?.subject).toMatch(/^Your role at Saguaro Team Builders changed/);
    expect((await lastMailTo(app.db.pool, owner.email))?.body).toMatch(/from finance to viewer/);
  });

  it('asks a viewer moved into a role that touches money to enrol a second factor first, as one invited into it', async () => {
    const address = email('viewer');
    expect((await as.owner.post('/api/company/invitations', { email: address, role: 'viewer' })).status).toBe(201);
    const visitor = new HttpSession(app.http);
    const accepted = await visitor.post(`/api/team-invitations/${(await codeIn(address))!}/accept`, {
      first_name: 'Val',
      last_name: 'Viewer',
      password: 'Correct-horse-43',
    });
    expect(accepted).toMatchObject({ status: 200, body: { role: 'viewer', needs_second_factor: false } });
    const promoted = await as.owner.request('PATCH', `/api/company/members/${accepted.body.user_id}`, { role: 'project_manager' });
    expect(promoted).toMatchObject({ status: 200, body: { role: 'project_manager' } });
    expect((await visitor.post('/api/milestone', {})).body).toMatchObject({ code: 'second_factor_required' });
    expect((await visitor.get('/api/account/security')).status).toBe(200);
    // Back to viewer: nothing it may do needs one.
    expect((await as.owner.request('PATCH', `/api/company/members/${accepted.body.user_id}`, { role: 'viewer' })).status).toBe(200);
    expect((await visitor.get('/api/projects')).status).toBe(200);
  });

  it("ends a removed member's sessions at once: a copied cookie is dead", async () => {
    const member = await memberOf(owner.companyId, 'project_manager');
    const cookie = await startSession(app.db.pool, member.userId);
    const theirs = new HttpSession(app.http).setCookie('sid', cookie);
    expect((await theirs.get('/api/company/team')).status).toBe(200);
    expect((await as.owner.delete(`/api/company/members/${member.userId}`)).status).toBe(204);
    const copy = new HttpSession(app.http).setCookie('sid', cookie);
    expect((await copy.get('/api/company/team')).status).toBe(401);
    expect((await theirs.get('/api/projects')).status).toBe(401);
    const { rows } = await app.db.pool.query('SELECT company_id FROM users WHERE user_id = $1', [member.userId]);
    expect(rows[0].company_id).toBeNull();
    const log = await app.db.pool.query(`SELECT kind FROM security_log WHERE user_id = $1 AND kind = 'member_removed'`, [member.userId]);
    expect(log.rowCount).toBe(1);
  });

  it('two owners removing each other at once: exactly one succeeds, one owner remains', async () => {
    const firm = await createSeller(app.db.pool, { name: 'Twin Owners Co' });
    const second = await memberOf(firm.companyId, 'owner');
    const [a, b] = [await session(firm), await session(second)];
    const answers = await Promise.all([a.delete(`/api/company/members/${second.userId}`), b.delete(`/api/company/members/${firm.userId}`)]);
    expect(answers.map((r) => r.status).sort()).toEqual([204, expect.any(Number)]);
    expect(answers.filter((r) => r.status === 204)).toHaveLength(1);
    const { rows } = await app.db.pool.query(`SELECT user_id FROM users WHERE company_id = $1 AND company_role = 'owner'`, [firm.companyId]);
    expect(rows).toHaveLength(1);
  });

  it('lets support see a company’s team and resend or revoke its invitations, never join it', async () => {
    const address = email('support');
    const sent = await as.owner.post('/api/company/invitations', { email: address, role: 'finance' });
    const team = await as.admin.get(`/api/admin/companies/${owner.companyId}/team`);
    expect(team.body.invitations.map((i: { email: string }) => i.email)).toContain(address);
    expect(team.body).not.toHaveProperty('me');
    expect((await as.admin.post(`/api/admin/company-invitations/${sent.body.invitation_id}/resend`)).status).toBe(200);
    expect((await as.admin.delete(`/api/admin/company-invitations/${sent.body.invitation_id}`)).status).toBe(204);
    expect((await as.admin.post('/api/company/invitations', { email: email('y'), role: 'owner' })).status).toBe(403);
  });
});
