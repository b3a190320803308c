import type { HttpAnswer } from '../support/http-session';
import { createSecurityWorld, ok, type SecurityWorld, uniqueSuffix } from './security-world.test-kit';

/**
 * Issue 8.3, injection: SQL and script strings in every text field are stored verbatim, come
 * back verbatim as JSON (never interpreted, never served as HTML), break no query, and search
 * parameters built from them match only what they literally say. The browser side (React
 * rendering them as text) is frontend/e2e/injection.spec.ts.
 */
const SQL = `Robert'); DROP TABLE users;-- ' OR '1'='1`;
const SCRIPT = `<script>alert("xss")</script><img src=x onerror=alert(1)>`;
const HOSTILE = `${SQL} ${SCRIPT}`; // 99 characters: fits every 100-character field
const FORMULA = `=HYPERLINK("http://evil.example","x")`;

function expectJson(answer: HttpAnswer): void {
  expect(String(answer.headers['content-type'])).toMatch(/^application\/json/);
  expect(answer.headers['x-content-type-options']).toBe('nosniff');
}

describe('security: SQL and script injection in text fields', () => {
  let world: SecurityWorld;

  beforeAll(async () => {
    world = await createSecurityWorld();
  }, 180_000);
  afterAll(() => world?.close());

  afterEach(async () => {
    // Whatever a test sent, the tables it aimed at are still there and whole.
    const { rows } = await world.app.db.pool.query(`SELECT (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM events)::int AS events`);
    expect(rows[0].users).toBeGreaterThanOrEqual(6);
    expect(rows[0].events).toBeGreaterThan(10);
  });

  it('keeps milestone titles, definitions and rejection reasons verbatim', async () => {
    const proposed = ok(
      await world.party.seller.post('/api/milestone', {
        job_id: world.jobId,
        title: HOSTILE,
        definition: `${HOSTILE}\n${SCRIPT}`,
        payees: [{ jc_id: world.companies.seller, type: 'fixed', amount: '10.00' }],
      }),
      'proposing',
    );
    const milestones = await world.party.buyer.get(`/api/job/${world.jobId}/milestones`);
    expectJson(milestones);
    expect(milestones.body.find((m: { m_id: number }) => m.m_id === proposed.body.m_id)).toMatchObject({ title: HOSTILE, definition: `${HOSTILE}\n${SCRIPT}` });
    const edits = await world.party.buyer.get(`/api/milestone/${proposed.body.m_id}/edits`);
    expect(edits.body[0]).toMatchObject({ title: HOSTILE, definition: `${HOSTILE}\n${SCRIPT}` });
    ok(await world.party.buyer.post('/api/milestone/approval', { milestone_id: proposed.body.m_id, reject: true, reason: HOSTILE }), 'rejecting');
    const history = await world.party.buyer.get(`/api/job/${world.jobId}/history`);
    expect(JSON.stringify(history.body)).toContain(JSON.stringify(HOSTILE).slice(1, -1));
  });

  it('keeps names from sign-up and from a seller creating a buyer verbatim', async () => {
    const client = await world.client('anonymous');
    const email = `hostile-${uniqueSuffix()}@test.escrowledger.test`;
    const signup = ok(
      await client.post('/api/auth/signup', { first_name: HOSTILE, last_name: SCRIPT, phone: '6025550190', email, password: 'Long-enough-2026' }),
      'sign-up',
    );
    expect(signup.body).toMatchObject({ first_name: HOSTILE, last_name: SCRIPT, display_name: `${HOSTILE} ${SCRIPT}` });
    const me = await client.get('/api/user');
    expectJson(me);
    expect(me.body).toMatchObject({ first_name: HOSTILE, last_name: SCRIPT });

    const created = ok(
      await world.party.seller.post('/api/job/customer/new', {
        first_name: SQL,
        last_name: SCRIPT,
        phone: '6025550191',
        email: `h-${uniqueSuffix()}@test.escrowledger.test`,
      }),
      'new buyer',
    );
    expect(created.body).toMatchObject({ first_name: SQL, last_name: SCRIPT, customer_name: `${SQL} ${SCRIPT}` });
    const found = await world.party.seller.get('/api/customer/search/phone/6025550191');
    expect(found.body).toEqual([expect.objectContaining({ first_name: SQL, last_name: SCRIPT })]);
  });

  it('keeps dispute statements, responses and the resolution note verbatim', async () => {
    const id = await world.fresh.milestone('funded');
    ok(await world.party.buyer.post(`/api/milestone/${id}/dispute`, { statement: HOSTILE }), 'dispute');
    ok(await world.party.seller.post(`/api/milestone/${id}/dispute/respond`, { statement: SCRIPT }), 'response');
    const admin = await world.client('admin');
    const disputes = await admin.get('/api/admin/disputes?status=open');
    expectJson(disputes);
    expect(disputes.body.find((d: { original_id: number }) => d.original_id === id)).toMatchObject({ statement: HOSTILE, response: { statement: SCRIPT } });
    const resolved = ok(await admin.post(`/api/admin/milestones/${id}/dispute/resolve`, { resolution: 'release', note: HOSTILE }), 'resolution');
    expect(JSON.stringify(resolved.body)).toContain(JSON.stringify(HOSTILE).slice(1, -1));
  });

  it('keeps company fields an admin edits, and shows them verbatim on the public profile', async () => {
    const admin = await world.client('admin');
    const fields = { name: HOSTILE, street: SQL, city: SCRIPT, zip_code: '85001-0042', license: SQL, insurance: SCRIPT, bio: `${HOSTILE}\n${SCRIPT}` };
    ok(await admin.put(`/api/admin/companies/${world.companies.payee}`, fields), 'company edit');
    const profile = await (await world.client('anonymous')).get(`/api/company/${world.companies.payee}`);
    expectJson(profile);
    expect(profile.body).toMatchObject(fields);

    // Fields the profile turns into links take only what is safe to link to.
    for (const website_link of ['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', ` JAVASCRIPT:alert(document.cookie)`]) {
      expect(await admin.put(`/api/admin/companies/${world.companies.payee}`, { website_link })).toMatchObject({
        status: 400,
        body: { message: 'The website must be a web address starting with http:// or https://.' },
      });
    }
    expect((await admin.put(`/api/admin/companies/${world.companies.payee}`, { contact_email: SCRIPT })).status).toBe(400);
    const application = await (
      await world.client('anonymous')
    ).post('/api/contractor/applications', {
      company_name: 'Link Co',
      first_name: 'L',
      last_name: 'Ink',
      email: `link-${uniqueSuffix()}@test.escrowledger.test`,
      phone: '4805550112',
      city: 'Mesa',
      state: 'AZ',
      services: ['Roofing'],
      website_link: 'javascript:alert(1)',
    });
    expect(application.status).toBe(400);
    expect((await (await world.client('anonymous')).get(`/api/company/${world.companies.payee}`)).body.website_link).toBeNull();
  });

  it('keeps contractor applications, contact messages and deletion requests verbatim', async () => {
    const anonymous = await world.client('anonymous');
    const application = ok(
      await anonymous.post('/api/contractor/applications', {
        company_name: HOSTILE,
        first_name: SQL,
        last_name: SCRIPT,
        email: `apply-${uniqueSuffix()}@test.escrowledger.test`,
        phone: '4805550111',
        street: SQL,
        city: SCRIPT,
        state: 'AZ',
        services: [SCRIPT],
        license: SQL,
        insurance: SCRIPT,
        website_link: `https://example.com/?q=${encodeURIComponent(SQL)}`,
        message: HOSTILE,
      }),
      'application',
    );
    const listed = await (await world.client('admin')).get('/api/admin/contractor-applications');
    expect(listed.body.find((a: { application_id: number }) => a.application_id === application.body.application_id)).toMatchObject({
      company_name: HOSTILE,
      first_name: SQL,
      last_name: SCRIPT,
      services: [SCRIPT],
      message: HOSTILE,
    });

    ok(
      await anonymous.post('/api/contact', { name: HOSTILE, email: 'contact@example.com', phone: SQL.slice(0, 30), message: `${HOSTILE}\n${SCRIPT}` }),
      'contact',
    );
    ok(await anonymous.post('/api/v2/delete-account-request', { email: 'gone@example.com', note: HOSTILE }), 'deletion request');
    const { rows } = await world.app.db.pool.query(
      `SELECT (SELECT message FROM contact_messages WHERE name = $1) AS message, (SELECT note FROM account_deletion_requests WHERE email = 'gone@example.com') AS note`,
      [HOSTILE],
    );
    expect(rows[0]).toEqual({ message: `${HOSTILE}\n${SCRIPT}`, note: HOSTILE });
  });

  it("refuses a hostile signature (not the signer's own name) without storing it, and keeps bank account holders verbatim", async () => {
    const projectId = await world.fresh.project();
    const { body: agreement } = await world.party.buyer.get(`/api/job/${projectId}/agreement`);
    const refused = await world.party.buyer.post(`/api/job/${projectId}/agreement/sign`, {
      signer_type: 'customer',
      signed_name: HOSTILE,
      agreement_hash: agreement.agreement_hash,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Sign with your own legal name as it is on your account: Bea Buyer.');
    const { rows: stored } = await world.app.db.pool.query('SELECT 1 FROM signed_agreements WHERE contract_name = $1', [agreement.contract_name]);
    expect(stored).toEqual([]);
    ok(
      await world.party.buyer.post('/api/bank-accounts', {
        purpose: 'deposit',
        holder_name: HOSTILE,
        bank_name: SCRIPT,
        routing_number: '021000021',
        account_number: '000123456789',
      }),
      'bank account',
    );
    const accounts = await world.party.buyer.get('/api/bank-accounts');
    expect(accounts.body.deposit_accounts).toEqual(expect.arrayContaining([expect.objectContaining({ holder_name: HOSTILE, bank_name: SCRIPT })]));
  });

  it('matches search parameters literally: an injected condition or wildcard finds nothing', async () => {
    const anonymous = await world.client('anonymous');
    // Strings no stored text contains: a literal match finds nothing, an interpreted one would find everything.
    const probes = [`' OR 'x'='x`, `%' OR 1=1--`, '%', '_', `<svg onload=alert(1)>`];
    for (const service of probes) {
      const answer = await anonymous.get(`/api/companies/search?service=${encodeURIComponent(service)}`);
      expect({ service, status: answer.status, body: answer.body }).toEqual({ service, status: 200, body: [] });
    }
    const everyCompany = (await anonymous.get('/api/companies/search')).body.length;
    expect(everyCompany).toBeGreaterThanOrEqual(3);
    for (const text of probes) {
      const answer = await world.party.seller.get(`/api/companies/search/${encodeURIComponent(text)}`);
      expect({ text, status: answer.status, body: answer.body }).toEqual({ text, status: 200, body: [] });
    }
    const admin = await world.client('admin');
    for (const url of ['/api/admin/users?search=', '/api/admin/projects?search=', '/api/admin/payments?party=']) {
      for (const text of probes) {
        const answer = await admin.get(`${url}${encodeURIComponent(text)}`);
        expect({ url, text, status: answer.status, body: answer.body }).toEqual({ url, text, status: 200, body: [] });
      }
    }
  });

  it('defuses spreadsheet formulas in CSV exports', async () => {
    const buyerId = world.users.buyer.userId;
    await world.app.db.pool.query('UPDATE users SET display_name = $2 WHERE user_id = $1', [buyerId, FORMULA]);
    try {
      const csv = await (await world.client('admin')).get('/api/admin/payments?kind=deposit&format=csv');
      expect(csv.status).toBe(200);
      expect(String(csv.headers['content-type'])).toMatch(/^text\/csv/);
      expect(String(csv.headers['content-disposition'])).toMatch(/^attachment;/);
      const text = String(csv.body);
      expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
      expect(text).not.toMatch(/(^|,)=HYPERLINK/m);
    } finally {
      await world.app.db.pool.query(`UPDATE users SET display_name = 'Bea Buyer' WHERE user_id = $1`, [buyerId]);
    }
  });
});
