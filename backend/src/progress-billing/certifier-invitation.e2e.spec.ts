import { submitProject } from '../../test/support/escrow-flows';
import { createCompany, type CreatedUser, createSeller, createUser, HttpSession, lastMailTo, startSession } from '../../test/support/http-session';
import { createTestApp, type TestApp } from '../../test/support/test-app';
import { EventStreams } from '../command-side';

/**
 * Issue 38: the buyer invites a certifier by email (an architect, an inspector, a lender's
 * representative). The single-use link makes the account or lands on the invited address's own;
 * the certifier then reads the project's billing and certifies, and does nothing else.
 */
describe('progress billing: inviting a certifier', () => {
  let app: TestApp;
  let buyer: CreatedUser;
  let seller: CreatedUser & { companyId: number };
  let as: { buyer: HttpSession; seller: HttpSession };
  let jobId: number;

  const session = async (user: { userId: number }, steppedUp = true) =>
    new HttpSession(app.http).setCookie('sid', await startSession(app.db.pool, user.userId, { steppedUp }));
  const email = (name: string) => `${name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@test.escrowledger.test`;
  const codeIn = async (address: string) => /\/certify\/join\/([A-Za-z0-9_-]+)/.exec((await lastMailTo(app.db.pool, address))?.body ?? '')?.[1] ?? null;
  const invite = async (address: string) => {
    const sent = await as.buyer.post(`/api/job/${jobId}/certifier-invitations`, { email: address });
    expect(sent).toMatchObject({ status: 201, body: { invitation_id: expect.any(String), expires_at: expect.any(String) } });
    return { ...sent.body, code: (await codeIn(address))! } as { invitation_id: string; code: string };
  };

  beforeAll(async () => {
    app = await createTestApp();
    buyer = await createUser(app.db.pool, { firstName: 'Olivia', lastName: 'Owner' });
    seller = await createSeller(app.db.pool, { name: 'Mesa General Contracting', services: ['General Contracting'] });
    as = { buyer: await session(buyer), seller: await session(seller) };
    const created = await as.seller.post('/api/job/basic', {
      customer_id: buyer.userId,
      customer_name: buyer.name,
      service: 'General Contracting',
      primary_company_id: seller.companyId,
      customerInitiated: false,
    });
    jobId = created.body.job_id as number;
    await as.seller.put(`/api/job/${jobId}/billing`, { method: 'progress' });
    await submitProject(as.seller, jobId);
    const proposed = await as.seller.post(`/api/job/${jobId}/schedule`, {
      lines: [{ number: '1', description: 'Site work', scheduled_value: '20000.00', payee_id: seller.companyId, retainage: { rate: '10' } }],
    });
    expect((await as.buyer.post(`/api/job/${jobId}/schedule/${proposed.body.versions[0].version_id}/approve`)).status).toBe(200);
  }, 60_000);
  afterAll(() => app.close());

  it('makes the account from the link, once, and the certifier reads and certifies and does nothing else', async () => {
    const address = email('architect');
    const { code } = await invite(address);
    expect((await lastMailTo(app.db.pool, address))?.subject).toBe('Olivia Owner asks you to certify pay applications on Escrow Ledger');
    const visitor = new HttpSession(app.http);
    expect((await visitor.get(`/api/certifier-invitations/${code}`)).body).toMatchObject({
      job_id: jobId,
      project_name: 'General Contracting',
      inviter_name: 'Olivia Owner',
      email: address,
      account: 'new',
    });
    const accepted = await visitor.post(`/api/certifier-invitations/${code}/accept`, {
      first_name: 'Ada',
      last_name: 'Architect',
      password: 'Correct-horse-42',
    });
    expect(accepted).toMatchObject({ status: 200, body: { job_id: jobId, role: 'certifier' } });
    const certifierId = accepted.body.user_id as number;
    // Signed in by the link: the project's billing is theirs to read.
    expect((await visitor.get(`/api/job/${jobId}/schedule`)).body).toMatchObject({ viewer: 'certifier', certifier: { user_id: certifierId } });
    // Used once.
    expect((await new HttpSession(app.http).get(`/api/certifier-invitations/${code}`)).body).toMatchObject({ statusCode: 410, code: 'invitation_used' });
    expect((await new HttpSession(app.http).post(`/api/certifier-invitations/${code}/accept`, {})).body).toMatchObject({ code: 'invitation_used' });

    expect(
      (await as.seller.post(`/api/job/${jobId}/pay-applications`, { period_to: '2026-11-30', lines: [{ line: '1', work_amount: '5000.00' }] })).status,
    ).toBe(201);
    const certifier = await session({ userId: certifierId });
    // Never a party: not the seller's billing, not the buyer's decisions, not the project itself, not money.
    for (const [method, url, body] of [
      ['POST', `/api/job/${jobId}/pay-applications/1/revise`, { lines: [{ line: '1', work_amount: '4000.00' }] }],
      ['POST', `/api/job/${jobId}/change-orders`, { reason: 'More site work.', changes: [{ line: '1', scheduled_value: '25000.00' }] }],
      ['PUT', `/api/job/${jobId}/certifier`, { user_id: buyer.userId }],
      ['POST', `/api/job/${jobId}/certifier-invitations`, { email: email('friend') }],
    ] as const) {
      expect({ url, ...(await certifier.request(method, url, body)).body }).toMatchObject({ url, statusCode: 403, code: 'not_a_party' });
    }
    expect((await certifier.get(`/api/job/${jobId}`)).status).toBe(403);
    const certified = await certifier.post(`/api/job/${jobId}/pay-applications/1/certify`, { revision: 1, lines: [{ line: '1', decision: 'as_billed' }] });
    expect(certified).toMatchObject({ status: 200, body: { certification: { by: certifierId, by_role: 'certifier' } } });
    const types = (await app.db.pool.query<{ type: string }>(`SELECT type FROM events WHERE stream_id = $1 ORDER BY stream_revision`, [`billing-${jobId}`]))
      .rows;
    expect(types.map((t) => t.type)).toEqual(expect.arrayContaining(['CertifierInvited', 'CertifierNamed', 'PayApplicationCertified']));
  });

  it('is the buyer’s to send, and refuses the seller’s people and another account than the invited one', async () => {
    expect((await as.seller.post(`/api/job/${jobId}/certifier-invitations`, { email: email('x') })).body).toMatchObject({ code: 'buyer_only' });
    expect((await as.buyer.post(`/api/job/${jobId}/certifier-invitations`, { email: 'not an address' })).status).toBe(400);

    const colleague = await createUser(app.db.pool, { companyId: seller.companyId, email: email('colleague') });
    const forColleague = await invite(colleague.email);
    expect((await new HttpSession(app.http).get(`/api/certifier-invitations/${forColleague.code}`)).body).toMatchObject({ account: 'existing' });
    expect((await new HttpSession(app.http).post(`/api/certifier-invitations/${forColleague.code}/accept`, {})).body).toMatchObject({ code: 'sign_in_first' });
    expect((await (await session(buyer)).post(`/api/certifier-invitations/${forColleague.code}/accept`, {})).body).toMatchObject({ code: 'wrong_account' });
    expect((await (await session(colleague)).post(`/api/certifier-invitations/${forColleague.code}/accept`, {})).body).toMatchObject({
      statusCode: 403,
      code: 'certifier_is_seller',
    });

    // The buyer certifies already; an administrator acts for nobody.
    const forBuyer = await invite(buyer.email);
    expect((await (await session(buyer)).post(`/api/certifier-invitations/${forBuyer.code}/accept`, {})).body).toMatchObject({
      statusCode: 409,
      code: 'certifier_is_buyer',
    });
    const admin = await createUser(app.db.pool, { role: 'admin', email: email('admin') });
    const forAdmin = await invite(admin.email);
    expect((await (await session(admin)).post(`/api/certifier-invitations/${forAdmin.code}/accept`, {})).body).toMatchObject({
      statusCode: 403,
      code: 'admin_not_certifier',
    });

    // An inspector with an account of their own (another company's) accepts signed in.
    const inspector = await createUser(app.db.pool, { companyId: await createCompany(app.db.pool), email: email('inspector') });
    const forInspector = await invite(inspector.email);
    expect((await (await session(inspector)).post(`/api/certifier-invitations/${forInspector.code}/accept`, {})).body).toMatchObject({
      user_id: inspector.userId,
      role: 'certifier',
    });
    expect((await as.buyer.get(`/api/job/${jobId}/schedule`)).body).toMatchObject({ certifier: { user_id: inspector.userId } });
  });

  it('asks the buyer, not the seller, for a fresh second factor before a certifier is invited or named', async () => {
    // A certifier's certificate releases the buyer's escrowed money: a cookie of the buyer's copied
    // long ago (by the seller, say) must not hand that power to the seller's accomplice.
    const staleBuyer = await session(buyer, false);
    const accomplice = await createUser(app.db.pool, { firstName: 'Acco', lastName: 'Mplice', email: email('accomplice') });
    const count = async (type: string) =>
      (await app.db.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM events WHERE stream_id = $1 AND type = $2`, [`billing-${jobId}`, type])).rows[0]!
        .n;
    const [invited, named] = [await count('CertifierInvited'), await count('CertifierNamed')];
    const stepUp = { status: 401, body: { code: 'step_up_required' } };
    expect(await staleBuyer.post(`/api/job/${jobId}/certifier-invitations`, { email: accomplice.email })).toMatchObject(stepUp);
    expect(await staleBuyer.put(`/api/job/${jobId}/certifier`, { user_id: accomplice.userId })).toMatchObject(stepUp);
    expect(await lastMailTo(app.db.pool, accomplice.email)).toBeFalsy();
    expect([await count('CertifierInvited'), await count('CertifierNamed')]).toEqual([invited, named]);
    // The seller is refused as before, not asked for a factor it could give.
    const staleSeller = await session(seller, false);
    expect((await staleSeller.post(`/api/job/${jobId}/certifier-invitations`, { email: accomplice.email })).body).toMatchObject({ code: 'buyer_only' });
    // Removing the certifier gives no power away: not asked.
    expect((await staleBuyer.delete(`/api/job/${jobId}/certifier`)).status).toBe(200);
  });

  it('lists the buyer’s invitations, and a withdrawn link refuses with its own code', async () => {
    const first = await invite(email('surveyor'));
    const second = await invite(email('lender'));
    const list = `/api/job/${jobId}/certifier-invitations`;
    const listed = await as.buyer.get(list);
    expect(listed.status).toBe(200);
    expect(listed.body.slice(0, 2)).toMatchObject([
      { invitation_id: second.invitation_id, status: 'pending', email: expect.stringMatching(/^lender-/) },
      { invitation_id: first.invitation_id, status: 'pending', email: expect.stringMatching(/^surveyor-/) },
    ]);
    // The addresses are the buyer's: not the seller's, not a certifier's.
    expect((await as.seller.get(list)).body).toMatchObject({ statusCode: 403, code: 'buyer_only' });
    expect((await as.seller.delete(`${list}/${first.invitation_id}`)).body).toMatchObject({ statusCode: 403, code: 'buyer_only' });

    expect((await as.buyer.delete(`${list}/${first.invitation_id}`)).status).toBe(204);
    const visitor = new HttpSession(app.http);
    expect((await visitor.get(`/api/certifier-invitations/${first.code}`)).body).toMatchObject({ statusCode: 410, code: 'invitation_revoked' });
    expect(
      (await visitor.post(`/api/certifier-invitations/${first.code}/accept`, { first_name: 'S', last_name: 'Urveyor', password: 'Correct-horse-42' })).body,
    ).toMatchObject({ statusCode: 410, code: 'invitation_revoked' });
    expect((await as.buyer.get(list)).body.slice(0, 2)).toMatchObject([
      { invitation_id: second.invitation_id, status: 'pending' },
      { invitation_id: first.invitation_id, status: 'revoked' },
    ]);
    expect((await as.buyer.delete(`${list}/${first.invitation_id}`)).body).toMatchObject({ statusCode: 409, code: 'invitation_not_pending' });
    expect((await as.buyer.delete(`${list}/00000000-0000-4000-8000-000000000000`)).body).toMatchObject({ statusCode: 404, code: 'invitation_not_found' });
    expect((await as.buyer.delete(`${list}/not-a-uuid`)).body).toMatchObject({ statusCode: 404, code: 'invitation_not_found' });
    // An accepted link is no longer the buyer's to withdraw: the certifier is removed instead.
    const accepted = await visitor.post(`/api/certifier-invitations/${second.code}/accept`, {
      first_name: 'Len',
      last_name: 'Der',
      password: 'Correct-horse-42',
    });
    expect(accepted.status).toBe(200);
    expect((await as.buyer.delete(`${list}/${second.invitation_id}`)).body).toMatchObject({ statusCode: 409, code: 'invitation_not_pending' });
    expect((await as.buyer.get(list)).body[0]).toMatchObject({ invitation_id: second.invitation_id, status: 'accepted' });
    expect((await app.db.pool.query(`SELECT status FROM certifier_invitations WHERE invitation_id = $1`, [first.invitation_id])).rows).toEqual([
      { status: 'revoked' },
    ]);
  });

  it('refuses an expired link and an unknown one', async () => {
    const address = email('late');
    const sent = await invite(address);
    const ownerPool = app.ownerPool();
    await ownerPool.query(`ALTER TABLE events DISABLE TRIGGER USER`);
    await ownerPool.query(
      `UPDATE events SET data = jsonb_set(data, '{expiresAt}', '"2020-01-01T00:00:00.000Z"') WHERE type = 'CertifierInvited' AND data->>'invitationId' = $1`,
      [sent.invitation_id],
    );
    await ownerPool.query(`ALTER TABLE events ENABLE TRIGGER USER`);
    (app.http.get(EventStreams) as unknown as { folded: Map<string, unknown> }).folded.clear();
    const visitor = new HttpSession(app.http);
    expect((await visitor.get(`/api/certifier-invitations/${sent.code}`)).body).toMatchObject({ statusCode: 410, code: 'invitation_expired' });
    expect(
      (await visitor.post(`/api/certifier-invitations/${sent.code}/accept`, { first_name: 'L', last_name: 'Ate', password: 'Correct-horse-42' })).body,
    ).toMatchObject({ statusCode: 410, code: 'invitation_expired' });
    expect((await app.db.pool.query('SELECT 1 FROM users WHERE email = $1', [address])).rows).toHaveLength(0);
    expect((await visitor.get('/api/certifier-invitations/no-such-code')).body).toMatchObject({ statusCode: 404, code: 'invitation_not_found' });
  });
});
