import { signAgreement } from '../../test/support/escrow-flows';
import { eventually } from '../../test/support/event-store-fixture';
import { type CreatedUser, createSeller, createUser, HttpSession, startSession } from '../../test/support/http-session';
import { createTestApp, type TestApp } from '../../test/support/test-app';
import { WebhookReceiver } from '../../test/support/webhook-receiver';

/**
 * Issue 37, point 5: a company acts through a person. The History, the administrators' event
 * view, the agreement's signature and the webhooks name the person and their role then, from
 * the event's metadata; the buyer's own actions stay as they were.
 */
describe('teams: who of a company did it', () => {
  let app: TestApp;
  let receiver: WebhookReceiver;
  let owner: CreatedUser & { companyId: number };
  let manager: CreatedUser;
  let buyer: CreatedUser;
  let as: { owner: HttpSession; manager: HttpSession; buyer: HttpSession; admin: HttpSession };
  let projectId: number;
  let milestoneId: number;
  let approval: unknown;

  const session = async (user: CreatedUser) => new HttpSession(app.http).setCookie('sid', await startSession(app.db.pool, user.userId));
  const ok = <T extends { status: number; body: unknown }>(answer: T, what: string): T => {
    if (answer.status < 200 || answer.status > 299) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer;
  };

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    app = await createTestApp({
      webhooks: { run: true, allowHttpLoopback: true, timeoutMs: 2_000, retryBaseMs: 100, retryForMs: 60_000, secretOverlapMs: 60_000 },
    });
    owner = await createSeller(app.db.pool, { name: 'Saguaro Build Co.', services: ['General Contracting'] });
    manager = await createUser(app.db.pool, { companyId: owner.companyId, companyRole: 'project_manager', firstName: 'Pat', lastName: 'Manager' });
    buyer = await createUser(app.db.pool, { firstName: 'Bea', lastName: 'Buyer', phone: '6025550131' });
    const admin = await createUser(app.db.pool, { role: 'admin' });
    as = { owner: await session(owner), manager: await session(manager), buyer: await session(buyer), admin: await session(admin) };
    ok(await as.owner.post('/api/webhooks/endpoints', { url: receiver.url('/books'), kinds: ['milestone.agreed'] }), 'registering an endpoint');

    // The project manager starts the project and proposes its milestone; the buyer and the project manager approve it.
    projectId = ok(
      await as.manager.post('/api/job/basic', {
        customer_id: buyer.userId,
        customer_name: 'Bea Buyer',
        service: 'General Contracting',
        primary_company_id: owner.companyId,
        customerInitiated: false,
      }),
      'starting a project',
    ).body.job_id as number;
    milestoneId = ok(
      await as.manager.post('/api/milestone', {
        job_id: projectId,
        title: 'Framing',
        definition: 'Walls framed and inspected.',
        payees: [{ jc_id: owner.companyId, type: 'fixed', amount: '1000.00' }],
      }),
      'proposing a milestone',
    ).body.m_id as number;
    ok(await as.manager.put(`/api/job/${projectId}/draft`, { isDraft: false, job_id: projectId }), 'submitting');
    ok(await as.buyer.post('/api/milestone/approval', { milestone_id: milestoneId, approve: true }), 'buyer approval');
    approval = ok(await as.manager.post('/api/milestone/approval', { milestone_id: milestoneId, approve: true }), 'project manager approval').body;
    await signAgreement(as.owner, projectId, 'company', owner.name);
  }, 90_000);
  afterAll(async () => {
    await app.close();
    await receiver.close();
  });

  it("records the member's role in the event's metadata", async () => {
    const { rows } = await app.db.pool.query<{ type: string; role: string | null }>(
      `SELECT type, metadata->>'actorCompanyRole' AS role FROM events WHERE type IN ('MilestoneProposed', 'ProjectAgreementSigned') ORDER BY global_position`,
    );
    expect(rows).toEqual([
      { type: 'MilestoneProposed', role: 'project_manager' },
      { type: 'ProjectAgreementSigned', role: 'owner' },
    ]);
  });

  it('names the person and role in the History, and only the buyer as before for the buyer', async () => {
    const history = ok(await as.buyer.get(`/api/job/${projectId}/history`), 'reading the history').body as {
      type: string;
      actor_name: string | null;
      actor_company_role: string | null;
      summary: string;
    }[];
    const proposed = history.find((e) => e.type === 'MilestoneProposed')!;
    expect(proposed).toMatchObject({ actor_name: 'Pat Manager', actor_company_role: 'project_manager' });
    expect(proposed.summary).toMatch(/ — by Pat Manager \(Project manager\)\.$/);
    const signed = history.find((e) => e.type === 'ProjectAgreementSigned')!;
    expect(signed.summary).toMatch(new RegExp(` — by ${owner.name} \\(Owner\\)\\.$`));
    const buyerApproved = history.filter((e) => e.actor_name === 'Bea Buyer');
    expect(buyerApproved.length).toBeGreaterThan(0);
    for (const entry of buyerApproved) expect(entry).toMatchObject({ actor_company_role: null, summary: expect.not.stringContaining(' — by ') });
  });

  it("names the author's role on the milestone card, in a command's answer and in the read model", async () => {
    expect(approval).toMatchObject({ author_name: 'Pat Manager', author_company_role: 'project_manager' });
    const milestones = await eventually(
      async () => ok(await as.buyer.get(`/api/job/${projectId}/milestones`), 'reading the milestones').body as { author_company_role: string | null }[],
      (list) => list.length === 1,
    );
    expect(milestones[0]).toMatchObject({ author_name: 'Pat Manager', author_company_role: 'project_manager' });
    const edits = ok(await as.buyer.get(`/api/milestone/${milestoneId}/edits`), 'reading the versions').body as unknown[];
    expect(edits[0]).toMatchObject({ author_company_role: 'project_manager' });
    const { rows } = await app.db.pool.query('SELECT author_company_role FROM milestone_versions WHERE m_id = $1', [milestoneId]);
    expect(rows).toEqual([{ author_company_role: 'project_manager' }]);
  });

  it("names the role of the seller's signer on the agreement", async () => {
    const agreement = ok(await as.buyer.get(`/api/job/${projectId}/agreement`), 'reading the agreement').body;
    expect(agreement.signatures.seller).toMatchObject({ signed_name: owner.name, signer_company_role: 'owner' });
  });

  it("names the person and role in the administrators' event view", async () => {
    const events = ok(await as.admin.get(`/api/admin/job/${projectId}/events`), 'reading the events').body as {
      type: string;
      actor_name: string | null;
      actor_company_role: string | null;
    }[];
    expect(events.find((e) => e.type === 'MilestoneProposed')).toMatchObject({ actor_name: 'Pat Manager', actor_company_role: 'project_manager' });
    expect(events.find((e) => e.type === 'JobDraftCreated')).toMatchObject({ actor_name: 'Pat Manager', actor_company_role: 'project_manager' });
  });

  it('keeps the actor and their role in the audit bundle, the events as stored (names stay out of it by design)', async () => {
    const bundle = await as.admin.get(`/api/admin/audit/projects/${projectId}/bundle`);
    expect(bundle.status).toBe(200);
    const lines = String(bundle.body)
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type?: string; metadata?: Record<string, unknown> });
    expect(lines.find((l) => l.type === 'MilestoneProposed')?.metadata).toMatchObject({ actorId: String(manager.userId), actorCompanyRole: 'project_manager' });
    // The role, never the name: a bundle given out cannot be called back when a person is erased.
    expect(String(bundle.body)).not.toContain('Pat Manager');
    expect(String(bundle.body)).not.toContain(owner.name);
  });

  it("names the person and role behind a company's money event in the administrators' ledger", async () => {
    // The buyer funds the milestone; both mark it complete, the project manager last: the payout
    // is requested by the project manager's command.
    await signAgreement(as.buyer, projectId, 'customer', 'Bea Buyer');
    ok(await as.buyer.post('/api/milestone/deposit', { milestone_id: milestoneId }), 'depositing');
    await eventually(
      async () => (await as.buyer.get(`/api/milestone/${milestoneId}/deposits`)).body as { payment_status: string }[],
      (deposits) => deposits.some((d) => d.payment_status === 'settled'),
      20_000,
    );
    ok(await as.buyer.put(`/api/milestone/${milestoneId}/complete`, { complete: true }), 'buyer completion');
    ok(await as.manager.put(`/api/milestone/${milestoneId}/complete`, { complete: true }), 'project manager completion');
    type Posting = { event_type: string; actor_id: number | null; actor_name: string | null; actor_company_role: string | null };
    const postings = await eventually(
      async () => ok(await as.admin.get(`/api/admin/job/${projectId}/ledger`), 'reading the ledger').body as Posting[],
      (rows) => rows.some((p) => p.event_type === 'DisbursementRequested'),
      20_000,
    );
    for (const posting of postings.filter((p) => p.event_type === 'DisbursementRequested'))
      expect(posting).toMatchObject({ actor_id: manager.userId, actor_name: 'Pat Manager', actor_company_role: 'project_manager' });
    for (const posting of postings.filter((p) => p.event_type === 'DepositSettled'))
      expect(posting).toMatchObject({ actor_name: null, actor_company_role: null });
  });

  it("names the person and role in the company's webhook", async () => {
    const [delivery] = await eventually(
      async () => receiver.requests.filter((r) => r.path === '/books'),
      (requests) => requests.length > 0,
      20_000,
    );
    expect(JSON.parse(delivery!.body).actor).toEqual({ kind: 'company', user_id: manager.userId, name: 'Pat Manager', company_role: 'project_manager' });
  });
});
