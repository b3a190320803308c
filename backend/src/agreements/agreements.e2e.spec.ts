import { asVersionId } from '@escrow/domain';

import { signByBoth, submitProject } from '../../test/support/escrow-flows';
import { eventually } from '../../test/support/event-store-fixture';
import { createCompany, createSeller, createUser, HttpSession, TEST_PASSWORD } from '../../test/support/http-session';
import { createTestApp, type TestApp } from '../../test/support/test-app';
import { EventStreams, milestoneStream } from '../command-side';

describe('agreements, bank accounts and the payments page', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ paymentsSandboxSettleMs: 0 });
  }, 60_000);
  afterAll(() => app.close());

  it('draws up the agreement from the terms, takes typed signatures and keeps the signed text', async () => {
    const buyer = await createUser(app.db.pool, { firstName: 'Ana', lastName: 'Owner' });
    const seller = await createSeller(app.db.pool, { name: 'Ridge Builders' });
    const b = new HttpSession(app.http);
    await b.login(buyer.email, TEST_PASSWORD);
    const s = new HttpSession(app.http);
    await s.login(seller.email, TEST_PASSWORD);
    const projectId = (await s.post('/api/job/basic', { customer_id: buyer.userId, service: 'Framing', customerInitiated: false })).body.job_id;
    const id = (
      await s.post('/api/milestone', {
        job_id: projectId,
        title: 'Frame',
        definition: 'Framed.',
        payees: [{ jc_id: seller.companyId, type: 'fixed', amount: '2000.00' }],
      })
    ).body.m_id;
    await submitProject(s, projectId);
    await b.post('/api/milestone/approval', { milestone_id: id, approve: true });
    await s.post('/api/milestone/approval', { milestone_id: id, approve: true });

    const agreement = (await b.get(`/api/job/${projectId}/agreement`)).body;
    expect(agreement.text).toContain('Owner (buyer): Ana Owner');
    expect(agreement.text).toContain('1. Frame — $2,000.00; owner deposits $2,045.00.');
    expect(agreement.signatures).toEqual({ buyer: null, seller: null });
    expect(
      (await b.post(`/api/job/${projectId}/agreement/sign`, { signer_type: 'company', signed_name: 'Ana Owner', agreement_hash: agreement.agreement_hash }))
        .status,
    ).toBe(403);
    expect(
      (await b.post(`/api/job/${projectId}/agreement/sign`, { signer_type: 'customer', signed_name: 'Ana Owner', agreement_hash: 'f'.repeat(64) })).body
        .message,
    ).toBe('The agreement changed since you opened it. Read the new version and sign again.');
    // Only the signer's own legal name signs, and only once.
    const stranger = await b.post(`/api/job/${projectId}/agreement/sign`, {
      signer_type: 'customer',
      signed_name: 'Somebody Else Entirely',
      agreement_hash: agreement.agreement_hash,
    });
    expect(stranger.status).toBe(400);
    expect(stranger.body.message).toBe('Sign with your own legal name as it is on your account: Ana Owner.');
    const signed = await b.post(`/api/job/${projectId}/agreement/sign`, {
      signer_type: 'customer',
      signed_name: 'ana  OWNER',
      agreement_hash: agreement.agreement_hash,
    });
    expect(signed.body).toMatchObject({ contract_name: agreement.contract_name, signatures: { buyer: { signed_name: 'ana OWNER' }, seller: null } });
    const twice = await b.post(`/api/job/${projectId}/agreement/sign`, {
      signer_type: 'customer',
      signed_name: 'Ana Owner',
      agreement_hash: agreement.agreement_hash,
    });
    expect(twice).toMatchObject({ status: 409, body: { message: 'You have already signed this agreement.' } });
    const sellerUser = (await s.get('/api/user')).body;
    const sellerName = `${sellerUser.first_name} ${sellerUser.last_name}`;
    await s.post(`/api/job/${projectId}/agreement/sign`, { signer_type: 'company', signed_name: sellerName, agreement_hash: agreement.agreement_hash });
    const read = (await s.get(`/api/agreements/${agreement.contract_name}`)).body;
    expect(read.signatures).toMatchObject({ buyer: { signed_name: 'ana OWNER' }, seller: { signed_name: sellerName } });
    expect(read.text).toBe(agreement.text);
    const outsider = new HttpSession(app.http);
    await outsider.login((await createUser(app.db.pool)).email, TEST_PASSWORD);
    expect((await outsider.get(`/api/agreements/${agreement.contract_name}`)).status).toBe(403);

    // The bank account for the deposit keeps only its last four digits.
    expect(
      (
        await b.post('/api/bank-accounts', {
          purpose: 'deposit',
          job_id: projectId,
          holder_name: 'Ana Owner',
          routing_number: '123456789',
          account_number: '000123456789',
        })
      ).body.message,
    ).toBe('That routing number is not valid; check the 9 digits on your check.');
    const linked = await b.post('/api/bank-accounts', {
      purpose: 'deposit',
      job_id: projectId,
      holder_name: 'Ana Owner',
      routing_number: '011000015',
      account_number: '000123456789',
    });
    expect(linked.body).toMatchObject({ last4: '6789', purpose: 'deposit' });
    expect(JSON.stringify(linked.body)).not.toContain('000123456789');
    // The number reached neither the events nor the read model: only its last four digits and the provider's token.
    const { rows } = await app.db.pool.query(`SELECT data FROM events WHERE stream_id LIKE 'bank-accounts-%'`);
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain('000123456789');
    expect(JSON.stringify((await app.db.pool.query('SELECT * FROM linked_bank_accounts')).rows)).not.toContain('000123456789');
    expect((await b.post('/api/bank-accounts', { purpose: 'payout', holder_name: 'x', routing_number: '011000015', account_number: '1234' })).status).toBe(403);

    await b.post('/api/milestone/deposit', { milestone_id: id });
    const payments = await (async () => {
      for (let i = 0; i < 200; i++) {
        const answer = (await b.get(`/api/job/${projectId}/payments`)).body;
        if (answer.deposits[0]?.payment_status === 'settled') return answer;
        await new Promise((r) => setTimeout(r, 25));
      }
      throw new Error('deposit did not settle');
    })();
    expect(payments.deposits).toEqual([expect.objectContaining({ milestone: 'Frame', amount: '2045.00', bank_last4: '6789' })]);
  });

  it("states a retainage project's terms as they are, and asks both to sign again before the next deposit once they change", async () => {
    const buyer = await createUser(app.db.pool, { firstName: 'Jordan', lastName: 'Buyer' });
    const seller = await createSeller(app.db.pool, { name: 'Saguaro Build Co.' });
    const sub = await createCompany(app.db.pool, { name: 'Desert Current Electric' });
    const b = new HttpSession(app.http);
    await b.login(buyer.email, TEST_PASSWORD);
    const s = new HttpSession(app.http);
    await s.login(seller.email, TEST_PASSWORD);
    const projectId = (await s.post('/api/job/basic', { customer_id: buyer.userId, service: 'Framing', customerInitiated: false })).body.job_id as number;
    expect((await s.put(`/api/job/${projectId}/terms`, { retainage_percent: '5', site_state: 'AZ' })).status).toBe(200);
    const first = (
      await s.post('/api/milestone', {
        job_id: projectId,
        title: 'Rough-in',
        definition: 'Walls open, rough electrical passes inspection.',
        amount: '846.16',
        payees: [
          { jc_id: seller.companyId, type: 'percent', percentage: '50', includeFee: false },
          { jc_id: sub, type: 'remainder', includeFee: false },
        ],
      })
    ).body.m_id as number;
    await submitProject(s, projectId);
    await b.post('/api/milestone/approval', { milestone_id: first, approve: true });
    await s.post('/api/milestone/approval', { milestone_id: first, approve: true });

    const agreement = (await b.get(`/api/job/${projectId}/agreement`)).body;
    const text = agreement.text as string;
    expect(text).toContain('Job site: Arizona (payments exchange lien waivers under Arizona law)');
    expect(text).toContain('Retainage on milestones agreed from now on: 5% of each payment to each payee');
    expect(text).toContain('   1. Rough-in — $846.16; owner deposits $865.20.');
    expect(text).toContain('      Retainage: 5% of each payment to each payee, $42.30 in all.');
    expect(text).toContain("      Lien waivers: each payment waits for its payee's signed conditional lien waiver (Arizona).");
    // What each payee is owed, what it is paid at completion and what is held back.
    expect(text).toContain(
      '      Pays Saguaro Build Co.: $423.08, of which $401.93 at completion and $21.15 (5% retainage) held back until the retainage is released.',
    );
    expect(text).toContain(
      '      Pays Desert Current Electric: $423.08, of which $401.93 at completion and $21.15 (5% retainage) held back until the retainage is released.',
    );
    // Clearing, release against waivers, retainage release and dispute, waivers.
    // (This test's provider has no return window: settled funds clear at once; agreement.text.spec.ts covers a window.)
    expect(text).toContain(
      "3. Deposits. The owner deposits a milestone by ACH debit from a linked bank account. A deposit counts, and its funds clear, once the owner's bank has settled it; nothing is paid out of escrow before.",
    );
    expect(text).toContain(
      '4. Release. When both parties have marked a funded milestone complete, Escrow Ledger pays each payee its share less the retainage withheld from it, each payment on a milestone with lien waivers once its payee has signed its conditional lien waiver for it (clause 6).',
    );
    expect(text).toMatch(
      /5\. Retainage\. The retainage withheld from each payment is held in escrow until every milestone of the project is complete and paid out\. Then either party asks for its release and the other approves it.*Either party may instead dispute the retainage; Escrow Ledger then hears both parties and releases it to the payees or refunds it to the owner\./,
    );
    expect(text).toMatch(
      /6\. Lien waivers\. On the milestones above that name lien waivers \(job site in Arizona\), each payee signs a conditional waiver and release of lien rights for each payment to it, and for its retainage, before that payment is released\./,
    );
    expect(text).not.toContain('when both parties have marked it complete.');

    const sign = async (session: HttpSession, party: 'customer' | 'company', name: string) => {
      const hash = (await session.get(`/api/job/${projectId}/agreement`)).body.agreement_hash;
      const answer = await session.post(`/api/job/${projectId}/agreement/sign`, { signer_type: party, signed_name: name, agreement_hash: hash });
      expect(answer.status).toBe(200);
      return answer.body.contract_name as string;
    };
    const firstContract = await sign(b, 'customer', 'Jordan Buyer');
    await sign(s, 'company', seller.name);

    // A second milestone agreed after the signatures changes the text: both sign it again first.
    const second = (
      await s.post('/api/milestone', {
        job_id: projectId,
        title: 'Trim',
        definition: 'Devices and trim installed.',
        payees: [{ jc_id: seller.companyId, type: 'fixed', amount: '300.00' }],
      })
    ).body.m_id as number;
    await b.post('/api/milestone/approval', { milestone_id: second, approve: true });
    await s.post('/api/milestone/approval', { milestone_id: second, approve: true });
    const changed = (await b.get(`/api/job/${projectId}/agreement`)).body;
    expect(changed.agreement_hash).not.toBe(agreement.agreement_hash);
    expect(changed.text).toContain('   2. Trim — $300.00; owner deposits $306.75.');
    expect(changed.signatures).toEqual({ buyer: null, seller: null });
    expect(changed.earlier_signatures).toEqual({
      buyer: { at: expect.any(String), contract_name: firstContract },
      seller: { at: expect.any(String), contract_name: expect.stringMatching(/^escrow-agreement-job-/) },
    });
    const refused = await b.post('/api/milestone/deposit', { milestone_id: first });
    expect(refused).toMatchObject({
      status: 409,
      body: {
        message:
          'The escrow agreement changed since it was signed: both parties sign its new text before the next deposit. Still to sign: you (the buyer) and the seller.',
      },
    });
    expect((await b.get(`/api/milestone/${first}/deposits`)).body).toEqual([]);
    // The earlier text still shows who signed it.
    expect((await b.get(`/api/agreements/${firstContract}`)).body.signatures).toMatchObject({
      buyer: { signed_name: 'Jordan Buyer' },
      seller: { signed_name: seller.name },
    });
    await sign(b, 'customer', 'Jordan Buyer');
    expect((await b.post('/api/milestone/deposit', { milestone_id: first })).body.message).toBe(
      'The escrow agreement changed since it was signed: both parties sign its new text before the next deposit. Still to sign: the seller.',
    );
    await sign(s, 'company', seller.name);
    expect(await b.post('/api/milestone/deposit', { milestone_id: first })).toMatchObject({ status: 201, body: { amount: '865.20' } });
    // The project's retainage for new milestones is a term too.
    expect((await s.put(`/api/job/${projectId}/terms`, { retainage_percent: '2.5', site_state: 'AZ' })).status).toBe(200);
    expect((await b.get(`/api/job/${projectId}/agreement`)).body).toMatchObject({ signatures: { buyer: null, seller: null } });
    expect((await b.post('/api/milestone/deposit', { milestone_id: second })).status).toBe(409);
    // And the job site cannot be named or changed once submitted.
    expect(await s.put(`/api/job/${projectId}/terms`, { retainage_percent: '2.5', site_state: 'UT' })).toMatchObject({
      status: 409,
      body: { message: "The job site's state (AZ) is fixed once the project is submitted: lien waivers name it." },
    });
  });

  it("draws up the agreement of a project whose stream never recorded its agreed milestones from the milestones' own streams", async () => {
    const buyer = await createUser(app.db.pool, { firstName: 'Lena', lastName: 'Legacy' });
    const seller = await createSeller(app.db.pool, { name: 'Old Pine Builders' });
    const b = new HttpSession(app.http);
    await b.login(buyer.email, TEST_PASSWORD);
    const s = new HttpSession(app.http);
    await s.login(seller.email, TEST_PASSWORD);
    const projectId = (await s.post('/api/job/basic', { customer_id: buyer.userId, service: 'Framing', customerInitiated: false })).body.job_id as number;
    const id = (
      await s.post('/api/milestone', {
        job_id: projectId,
        title: 'Frame',
        definition: 'Framed.',
        payees: [{ jc_id: seller.companyId, type: 'fixed', amount: '2000.00' }],
      })
    ).body.m_id as number;
    await submitProject(s, projectId);
    await b.post('/api/milestone/approval', { milestone_id: id, approve: true });
    // The seller's approval decided on the milestone's stream alone, as before the project's stream
    // recorded agreed versions (or as a crash between the two appends leaves it).
    await app.http.get(EventStreams).decide(milestoneStream, id, {
      type: 'ApproveMilestoneVersion',
      data: { versionId: asVersionId(id) },
      metadata: { now: new Date().toISOString(), actorId: seller.userId, actorRole: 'company', actorCompanyId: seller.companyId },
      project: { status: 'submitted', customerId: buyer.userId, companyId: seller.companyId, retainagePercent: '0.00', siteState: null },
    });
    const recorded = async () =>
      (await app.db.pool.query(`SELECT 1 FROM events WHERE stream_id = $1 AND type = 'ProjectMilestoneAgreed'`, [`job-${projectId}`])).rowCount;
    expect(await recorded()).toBe(0);
    await eventually(
      async () => (await app.db.pool.query('SELECT current_m_id FROM milestones WHERE original_id = $1', [id])).rows[0]?.current_m_id,
      (current) => current === id,
    );
    expect((await b.get(`/api/job/${projectId}/agreement`)).body.text).toContain('1. Frame — $2,000.00; owner deposits $2,045.00.');
    await signByBoth({ buyer: b, seller: s }, projectId, { buyer: 'Lena Legacy', seller: seller.name });
    expect(await b.post('/api/milestone/deposit', { milestone_id: id })).toMatchObject({ status: 201, body: { amount: '2045.00' } });
    expect(await recorded()).toBe(0);
  });

  it('links a bank account once however often the same request is re-sent with its Idempotency-Key', async () => {
    const buyer = await createUser(app.db.pool, { firstName: 'Rita', lastName: 'Retry' });
    const b = new HttpSession(app.http);
    await b.login(buyer.email, TEST_PASSWORD);
    const request = { purpose: 'deposit', holder_name: 'Rita Retry', routing_number: '011000015', account_number: '4444555566' };
    const first = await b.post('/api/bank-accounts', request, { 'Idempotency-Key': 'link-rita-0001' });
    const again = await b.post('/api/bank-accounts', request, { 'Idempotency-Key': 'link-rita-0001' });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect((await b.get('/api/bank-accounts')).body.deposit_accounts).toHaveLength(1);

    const reused = await b.post('/api/bank-accounts', { ...request, account_number: '9999888877' }, { 'Idempotency-Key': 'link-rita-0001' });
    expect(reused.status).toBe(422);
    expect(reused.body.message).toMatch(/already used for a different request/);
    expect((await b.get('/api/bank-accounts')).body.deposit_accounts).toHaveLength(1);

    // Keys are the caller's own: another person's identical key links their own account.
    const other = new HttpSession(app.http);
    await other.login((await createUser(app.db.pool)).email, TEST_PASSWORD);
    expect((await other.post('/api/bank-accounts', { ...request, holder_name: 'Other Person' }, { 'Idempotency-Key': 'link-rita-0001' })).status).toBe(201);
  });
});
