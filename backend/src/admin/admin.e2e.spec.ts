import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { ProjectionRunner } from '@escrow/projections';

import { submitProject } from '../../test/support/escrow-flows';
import { eventually } from '../../test/support/event-store-fixture';
import { createUser, HttpSession, TEST_PASSWORD } from '../../test/support/http-session';
import { createTestApp, type TestApp } from '../../test/support/test-app';
import { DEMO_LOGINS } from '../seed/demo-directory';
import { demoSecrets } from '../seed/demo-secrets';

const ADMIN_GETS = [
  '/api/admin/dashboard',
  '/api/admin/payments',
  '/api/admin/payments?format=csv',
  '/api/admin/reports',
  '/api/admin/reports/csv?report=monthly',
  '/api/admin/projects',
  '/api/admin/users',
  '/api/admin/companies',
  '/api/admin/projections',
  '/api/admin/projections/jobs/dead-letters',
  '/api/admin/disputes',
  '/api/admin/contractor-applications',
];

describe('the admin console API', () => {
  let app: TestApp;
  let admin: HttpSession;
  let buyer: HttpSession;
  let seller: HttpSession;

  // The demo's secrets are this installation's, kept in its data folder (a folder of the test's own).
  const dataDir = mkdtempSync(join(tmpdir(), 'escrow-admin-demo-'));
  const { secrets } = demoSecrets(dataDir);
  const demoLogin = (session: HttpSession, email: string) => session.login(email, secrets.password, secrets.totp[email]);

  beforeAll(async () => {
    app = await createTestApp({ seedDemoData: true, paymentsSandboxSettleMs: 0, dataDir });
    admin = new HttpSession(app.http);
    await demoLogin(admin, DEMO_LOGINS.admin);
    buyer = new HttpSession(app.http);
    await demoLogin(buyer, DEMO_LOGINS.buyer);
    seller = new HttpSession(app.http);
    await demoLogin(seller, DEMO_LOGINS.seller);
    // The demo's payouts settle through the sandbox: wait for the ledger to be complete.
    await eventually(
      () => app.db.pool.query(`SELECT count(*)::int AS n FROM payment_instructions WHERE status = 'open'`),
      (r) => r.rows[0].n === 0,
    );
  }, 60_000);
  afterAll(async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 401 to anonymous callers and 403 to buyers and sellers on every admin route', async () => {
    const anonymous = new HttpSession(app.http);
    for (const url of [
      ...ADMIN_GETS,
      '/api/admin/job/1000',
      '/api/admin/job/1000/ledger',
      '/api/admin/job/1000/events',
      '/api/admin/job/1000/contracts',
      '/api/admin/job/1000/as-of?at=2026-01-01',
    ]) {
      expect([url, (await anonymous.get(url)).status]).toEqual([url, 401]);
      expect([url, (await buyer.get(url)).status]).toEqual([url, 403]);
      expect([url, (await seller.get(url)).status]).toEqual([url, 403]);
      expect([url, (await admin.get(url)).status]).toEqual([url, 200]);
    }
    for (const [method, url] of [
      ['post', '/api/admin/projections/jobs/rebuild'],
      ['put', '/api/admin/companies/100'],
      ['post', '/api/admin/milestones/5000/dispute/resolve'],
    ] as const) {
      expect((await buyer[method](url, {})).status).toBe(403);
    }
  });

  it('shows dashboard figures that are the sums of the ledger', async () => {
    const dashboard = (await admin.get('/api/admin/dashboard')).body;
    const { rows } = await app.db.pool.query(`SELECT account, sum(amount)::numeric(20,2)::text AS total FROM ledger_entries GROUP BY account`);
    const total = (account: string) => rows.find((r) => r.account === account)?.total ?? '0.00';
    expect(dashboard.held).toBe(total('escrow'));
    expect(dashboard.held).toBe('28393.10'); // cabinets 12,237.60 + roof 16,155.50
    expect(dashboard.open_disputes).toBe(1);
    // Oldest first (issue 17): the kitchen's cabinets were funded before the roof.
    expect(dashboard.held_by_project.map((p: { held: string }) => p.held)).toEqual(['12237.60', '16155.50']);
    expect(dashboard.held_by_project[1]).toMatchObject({
      in_custody: '16155.50',
      retainage_held: '0.00',
      must_act: expect.arrayContaining([{ who: 'admin', name: null, action: 'Resolve the dispute' }]),
    });
    // cabinets (both still to mark complete) and finishes (both still to approve); the disputed roof waits on our team
    expect(dashboard.waiting_on).toEqual({ buyer: 2, seller: 2 });
    const months = dashboard.monthly as { fees: string }[];
    expect(months.reduce((t, m) => t + Number(m.fees), 0).toFixed(2)).toBe(total('platform_fees'));
  });

  it('filters payments and exports them as CSV', async () => {
    const deposits = (await admin.get('/api/admin/payments?kind=deposit&status=settled')).body;
    expect(deposits.map((d: { amount: string }) => d.amount).sort()).toEqual(['12237.60', '16155.50', '4294.50']);
    const paid = (await admin.get('/api/admin/payments?kind=disbursement&party=Saguaro')).body;
    expect(paid).toEqual([expect.objectContaining({ amount: '4200.00', status: 'paid', party: 'Saguaro Build Co.' })]);
    const csv = await admin.get('/api/admin/payments?kind=deposit&status=settled&format=csv');
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = String(csv.body).trim().split('\r\n');
    expect(lines[0]).toBe('kind,id,job_id,milestone_id,amount,fee,status,created_at,completed_at,party,party_role,retainage');
    expect(lines).toHaveLength(4);
    expect((await admin.get('/api/admin/payments?kind=cash')).status).toBe(400);
    expect((await admin.get('/api/admin/payments?from=yesterday')).status).toBe(400);
  });

  it('resolves the demo dispute by a split that moves the right cents', async () => {
    const [dispute] = (await admin.get('/api/admin/disputes?status=open')).body;
    expect(dispute).toMatchObject({
      held: '16155.50',
      statement: expect.stringContaining('chimney'),
      response: expect.objectContaining({ statement: expect.stringContaining('change order') }),
    });
    const proposed = await admin.post(`/api/admin/milestones/${dispute.original_id}/dispute/resolve`, {
      resolution: 'split',
      refund_amount: '5000.00',
      note: 'Flashing was in scope.',
    });
    // Above FOUR_EYES_ABOVE ($10,000.00): the demo's finance administrator approves the owner's proposal.
    expect(proposed).toMatchObject({ status: 202, body: { proposal: { resolution: 'split', release_amount: '11155.50', refund_amount: '5000.00' } } });
    const finance = new HttpSession(app.http);
    await demoLogin(finance, DEMO_LOGINS.finance);
    const resolved = await finance.post(`/api/admin/milestones/${dispute.original_id}/dispute/resolution/approve`, {
      proposal_id: proposed.body.proposal.proposal_id,
    });
    expect(resolved.body).toMatchObject({
      held: '0.00',
      refunded: '5000.00',
      dispute: { resolution: { resolution: 'split', release_amount: '11155.50', refund_amount: '5000.00' } },
    });
    await eventually(
      () => admin.get(`/api/admin/job/${dispute.job_id}/ledger`),
      (r) =>
        r.body.every((e: { event_type: string }) => e.event_type !== 'DisbursementRequested') === false &&
        r.body.some((e: { event_type: string }) => e.event_type === 'RefundPaid'),
    );
    const { rows } = await app.db.pool.query(
      `SELECT account, sum(amount)::numeric(20,2)::text AS total FROM ledger_entries WHERE original_id = $1 GROUP BY account ORDER BY account`,
      [dispute.original_id],
    );
    const byAccount = Object.fromEntries(rows.map((r) => [r.account, r.total]));
    expect(byAccount).toMatchObject({ escrow: '0.00', refunds_payable: '0.00', buyer_refunds: '5000.00', buyer_funding: '-16155.50' });
    // 11,155.50 released; the fee goes in proportion to what the buyer paid: 11,155.50 × 355.50 / 16,155.50 = 245.48
    expect((Number(byAccount.platform_fees) + Number(byAccount.payee_payouts ?? 0) + Number(byAccount.payee_payable ?? 0)).toFixed(2)).toBe('11155.50');
    expect(byAccount.platform_fees).toBe('245.48');
    // The split closes the milestone: its ageing stops at the resolution instead of running on.
    const ageing = (await admin.get('/api/admin/reports')).body.ageing.find((a: { original_id: number }) => a.original_id === dispute.original_id);
    expect(ageing).toMatchObject({ status: 'Split', completed_at: null, closed_at: expect.any(String) });
  });

  it('rebuilds a project as it stood at an instant between two approvals', async () => {
    const projectId = (
      await seller.post('/api/job/basic', { customer_id: (await buyer.get('/api/user')).body.user_id, service: 'Decks', customerInitiated: false })
    ).body.job_id;
    const id = (
      await seller.post('/api/milestone', {
        job_id: projectId,
        title: 'Deck v1',
        definition: 'Deck.',
        payees: [{ jc_id: 100, type: 'fixed', amount: '1000.00' }],
      })
    ).body.m_id;
    await submitProject(seller, projectId);
    await buyer.post('/api/milestone/approval', { milestone_id: id, approve: true });
    await seller.post('/api/milestone/approval', { milestone_id: id, approve: true });
    await new Promise((r) => setTimeout(r, 30));
    const between = new Date().toISOString();
    await new Promise((r) => setTimeout(r, 30));
    const edit = (
      await seller.post('/api/milestone', {
        job_id: projectId,
        original_id: id,
        title: 'Deck v2',
        definition: 'Bigger deck.',
        payees: [{ jc_id: 100, type: 'fixed', amount: '1500.00' }],
      })
    ).body.m_id;
    await buyer.post('/api/milestone/approval', { milestone_id: edit, approve: true });
    await seller.post('/api/milestone/approval', { milestone_id: edit, approve: true });

    const then = (await admin.get(`/api/admin/job/${projectId}/as-of?at=${encodeURIComponent(between)}`)).body;
    expect(then.milestones[0].approved_version).toMatchObject({ m_id: id, title: 'Deck v1', amount: '1000.00' });
    const now = (await admin.get(`/api/admin/job/${projectId}/as-of?at=${encodeURIComponent(new Date().toISOString())}`)).body;
    expect(now.milestones[0].approved_version).toMatchObject({ m_id: edit, title: 'Deck v2' });
    expect((await admin.get(`/api/admin/job/${projectId}/as-of?at=soon`)).status).toBe(400);
    const events = (await admin.get(`/api/admin/job/${projectId}/events`)).body;
    expect(events.map((e: { type: string }) => e.type)).toEqual([
      'JobDraftCreated',
      'ProjectMilestoneAdded',
      'MilestoneProposed',
      'JobSubmitted',
      'MilestoneVersionApproved',
      'MilestoneVersionApproved',
      'MilestoneVersionAgreed',
      'ProjectMilestoneAgreed',
      'MilestoneEditProposed',
      'MilestoneVersionApproved',
      'MilestoneVersionApproved',
      'MilestoneVersionAgreed',
      'ProjectMilestoneAgreed',
    ]);
    expect(events[0]).toMatchObject({ stream_id: `job-${projectId}`, metadata: expect.objectContaining({ actorRole: 'company' }) });
  });

  it('keeps each signature with the text it signed, after the agreement changed', async () => {
    const projectId = (
      await seller.post('/api/job/basic', { customer_id: (await buyer.get('/api/user')).body.user_id, service: 'Fencing', customerInitiated: false })
    ).body.job_id;
    const id = (
      await seller.post('/api/milestone', {
        job_id: projectId,
        title: 'Fence',
        definition: 'Fence.',
        payees: [{ jc_id: 100, type: 'fixed', amount: '800.00' }],
      })
    ).body.m_id;
    await submitProject(seller, projectId);
    await buyer.post('/api/milestone/approval', { milestone_id: id, approve: true });
    await seller.post('/api/milestone/approval', { milestone_id: id, approve: true });
    const first = (await buyer.get(`/api/job/${projectId}/agreement`)).body;
    expect(
      (await buyer.post(`/api/job/${projectId}/agreement/sign`, { signer_type: 'customer', signed_name: 'Jordan Buyer', agreement_hash: first.agreement_hash }))
        .status,
    ).toBe(200);
    expect(
      (await seller.post(`/api/job/${projectId}/agreement/sign`, { signer_type: 'company', signed_name: 'Sam Seller', agreement_hash: first.agreement_hash }))
        .status,
    ).toBe(200);
    const edit = (
      await seller.post('/api/milestone', {
        job_id: projectId,
        original_id: id,
        title: 'Fence',
        definition: 'Taller fence.',
        payees: [{ jc_id: 100, type: 'fixed', amount: '950.00' }],
      })
    ).body.m_id;
    await buyer.post('/api/milestone/approval', { milestone_id: edit, approve: true });
    await seller.post('/api/milestone/approval', { milestone_id: edit, approve: true });
    const second = (await buyer.get(`/api/job/${projectId}/agreement`)).body;
    expect(second.agreement_hash).not.toBe(first.agreement_hash);
    await buyer.post(`/api/job/${projectId}/agreement/sign`, { signer_type: 'customer', signed_name: 'Jordan Buyer', agreement_hash: second.agreement_hash });

    const contracts = (await admin.get(`/api/admin/job/${projectId}/contracts`)).body;
    expect(contracts).toEqual([
      expect.objectContaining({
        contract_name: first.contract_name,
        buyer: expect.objectContaining({ signed_name: 'Jordan Buyer' }),
        seller: expect.objectContaining({ signed_name: 'Sam Seller' }),
      }),
      expect.objectContaining({ contract_name: second.contract_name, buyer: expect.objectContaining({ signed_name: 'Jordan Buyer' }), seller: null }),
    ]);
    expect((await admin.get(`/api/agreements/${second.contract_name}`)).body).toMatchObject({
      job_id: projectId,
      signatures: { buyer: expect.anything(), seller: null },
    });
  });

  it('keeps running balances on the postings of a project', async () => {
    const postings = (await admin.get('/api/admin/job/1000/ledger')).body as { account: string; amount: string; running_balance: string }[];
    const escrow = postings.filter((p) => p.account === 'escrow');
    let balance = 0;
    for (const p of escrow) {
      balance = Math.round((balance + Number(p.amount)) * 100) / 100;
      expect(Number(p.running_balance)).toBeCloseTo(balance, 2);
    }
    expect(escrow.at(-1)!.running_balance).toBe('12237.60');
  });

  it('rebuilds a projector from the operations page and ends with the same tables', async () => {
    const runner = app.app.get(ProjectionRunner);
    await eventually(
      () => runner.status(),
      (s) => s.every((p) => p.lagEvents === 0),
    );
    const before = (await app.db.pool.query('SELECT * FROM milestones ORDER BY original_id')).rows;
    expect((await admin.post('/api/admin/projections/milestones/rebuild')).status).toBe(202);
    const done = await eventually(
      () => admin.get('/api/admin/projections'),
      (r) => r.body.find((p: { name: string }) => p.name === 'milestones').lastRebuild?.state === 'finished',
    );
    const rebuilt = done.body.find((p: { name: string }) => p.name === 'milestones').lastRebuild;
    expect(rebuilt.done).toBeGreaterThan(0);
    // The rebuild compared its fresh tables with the live ones before swapping them in.
    expect(rebuilt.comparison).toMatchObject({ compared: true, equal: true });
    expect(rebuilt.comparison.tables.find((t: { table: string }) => t.table === 'milestones')).toMatchObject({
      liveRows: before.length,
      rebuiltRows: before.length,
      equal: true,
    });
    expect((await app.db.pool.query('SELECT * FROM milestones ORDER BY original_id')).rows).toEqual(before);
    expect((await admin.post('/api/admin/projections/nope/rebuild')).status).toBe(404);
    expect((await admin.get('/api/admin/projections/milestones/dead-letters')).body).toEqual([]);
    expect((await admin.get('/api/admin/projections/nope/dead-letters')).status).toBe(404);
  });

  it('lets an admin edit a company and its services', async () => {
    const updated = await admin.put('/api/admin/companies/101', { bio: 'Now also EV chargers.', services: ['Electrical', 'Solar', 'EV Charging'] });
    expect(updated.body).toMatchObject({ bio: 'Now also EV chargers.', services: ['EV Charging', 'Electrical', 'Solar'] });
    expect((await admin.put('/api/admin/companies/101', { state: 'CA' })).status).toBe(400);
    // A zip code is 5 digits or ZIP+4; an empty one clears it.
    expect(await admin.put('/api/admin/companies/101', { zip_code: 'ABCDEFGHIJKLMNOP' })).toMatchObject({
      status: 400,
      body: { message: 'Enter a 5-digit ZIP code, or ZIP+4 like 85013-1234.' },
    });
    expect((await admin.put('/api/admin/companies/101', { zip_code: '85701-1234' })).body).toMatchObject({ zip_code: '85701-1234' });
    // A From day after (or on) the Before day is a mistake, said as such rather than an empty list.
    expect(await admin.get('/api/admin/payments?from=2026-11-05&to=2026-11-01')).toMatchObject({
      status: 400,
      body: { message: expect.stringMatching(/^The From day must be earlier than the Before day/) },
    });
    expect((await admin.get('/api/admin/users?search=buyer')).body.some((u: { email: string }) => u.email === DEMO_LOGINS.buyer)).toBe(true);
    const other = await createUser(app.db.pool);
    expect(other.password).toBe(TEST_PASSWORD);
  });

  it('lists users and companies with the columns the console shows', async () => {
    const users = (await admin.get('/api/admin/users')).body;
    expect(users.find((u: { email: string }) => u.email === DEMO_LOGINS.seller)).toEqual({
      user_id: expect.any(Number),
      first_name: 'Sam',
      last_name: 'Seller',
      email: DEMO_LOGINS.seller,
      phone: '6025550142',
      role: null,
      admin_role: null,
      company_id: 100,
      company_name: 'Saguaro Build Co.',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      has_password: true,
      last_seen_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      projects_as_buyer: 0,
    });
    const demoBuyer = users.find((u: { email: string }) => u.email === DEMO_LOGINS.buyer);
    const { rows: bought } = await app.db.pool.query('SELECT count(*)::int AS n FROM jobs WHERE customer_id = $1', [demoBuyer.user_id]);
    expect(bought[0].n).toBeGreaterThan(0);
    expect(demoBuyer).toMatchObject({ company_id: null, company_name: null, projects_as_buyer: bought[0].n });
    // Saguaro Build Co.'s team (issue 37): its owner, office manager and project manager.
    expect((await admin.get('/api/admin/users?search=saguaro')).body.map((u: { email: string }) => u.email).sort()).toEqual(
      [DEMO_LOGINS.seller, DEMO_LOGINS.officeManager, DEMO_LOGINS.projectManager].sort(),
    );
    expect((await admin.get('/api/admin/users?search=%25')).body).toEqual([]); // % is text, not a wildcard
    const companies = (await admin.get('/api/admin/companies')).body;
    expect(companies).toHaveLength(14);
    expect(companies.map((c: { name: string }) => c.name)).toEqual(
      [...companies.map((c: { name: string }) => c.name)].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1)),
    );
    expect(companies.find((c: { company_id: number }) => c.company_id === 100)).toEqual({
      company_id: 100,
      name: 'Saguaro Build Co.',
      city: expect.any(String),
      state: 'AZ',
      kind: 'general_contractor',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      services: ['Concrete', 'Framing', 'General Contracting'],
      users: 3, // the owner, the office manager and the project manager
    });
    expect((await admin.get('/api/admin/projects?search=Saguaro')).body.map((p: { primary_company_name: string }) => p.primary_company_name)).toEqual(
      expect.arrayContaining(['Saguaro Build Co.']),
    );
  });
});
