import { submitProject } from '../../test/support/escrow-flows';
import { createSeller, createUser, HttpSession, TEST_PASSWORD } from '../../test/support/http-session';
import { createTestApp, type TestApp } from '../../test/support/test-app';

describe('agreements, bank accounts and the payments page', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ paymentsSandboxSettleMs: 0 });
  });
  afterAll(() => app.close());

  it('draws up the agreement from the terms, takes typed signatures and keeps the signed text', async () => {
    const buyer = await createUser(app.db.pool, { firstName: 'Ana', lastName: 'Owner' });
    const seller = await createSeller(app.db.pool, { name: 'Ridge Builders' });
    const b = new HttpSession(app.http);
    await b.login(buyer.email, TEST_PASSWORD);
    const s = new HttpSession(app.http);
    await s.login(seller.email, TEST_PASSWORD);
    const jobId = (await s.post('/api/job/basic', { customer_id: buyer.userId, service: 'Framing', customerInitiated: false })).body.job_id;
    const id = (
      await s.post('/api/milestone', {
        job_id: jobId,
        title: 'Frame',
        definition: 'Framed.',
        payees: [{ jc_id: seller.companyId, type: 'fixed', amount: '2000.00' }],
      })
    ).body.m_id;
    await submitProject(s, jobId);
    await b.post('/api/milestone/approval', { milestone_id: id, approve: true });
    await s.post('/api/milestone/approval', { milestone_id: id, approve: true });

    const agreement = (await b.get(`/api/job/${jobId}/agreement`)).body;
    expect(agreement.text).toContain('Owner (buyer): Ana Owner');
    expect(agreement.text).toContain('1. Frame — $2,000.00; owner deposits $2,045.00.');
    expect(agreement.signatures).toEqual({ buyer: null, seller: null });
    expect(
      (await b.post(`/api/job/${jobId}/agreement/sign`, { signer_type: 'company', signed_name: 'Ana Owner', agreement_hash: agreement.agreement_hash })).status,
    ).toBe(403);
    expect(
      (await b.post(`/api/job/${jobId}/agreement/sign`, { signer_type: 'customer', signed_name: 'Ana Owner', agreement_hash: 'f'.repeat(64) })).body.message,
    ).toBe('The agreement changed since you opened it. Read the new version and sign again.');
    // Only the signer's own legal name signs, and only once.
    const stranger = await b.post(`/api/job/${jobId}/agreement/sign`, {
      signer_type: 'customer',
      signed_name: 'Somebody Else Entirely',
      agreement_hash: agreement.agreement_hash,
    });
    expect(stranger.status).toBe(400);
    expect(stranger.body.message).toBe('Sign with your own legal name as it is on your account: Ana Owner.');
    const signed = await b.post(`/api/job/${jobId}/agreement/sign`, {
      signer_type: 'customer',
      signed_name: 'ana  OWNER',
      agreement_hash: agreement.agreement_hash,
    });
    expect(signed.body).toMatchObject({ contract_name: agreement.contract_name, signatures: { buyer: { signed_name: 'ana OWNER' }, seller: null } });
    const twice = await b.post(`/api/job/${jobId}/agreement/sign`, {
      signer_type: 'customer',
      signed_name: 'Ana Owner',
      agreement_hash: agreement.agreement_hash,
    });
    expect(twice).toMatchObject({ status: 409, body: { message: 'You have already signed this agreement.' } });
    const sellerUser = (await s.get('/api/user')).body;
    const sellerName = `${sellerUser.first_name} ${sellerUser.last_name}`;
    await s.post(`/api/job/${jobId}/agreement/sign`, { signer_type: 'company', signed_name: sellerName, agreement_hash: agreement.agreement_hash });
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
          job_id: jobId,
          holder_name: 'Ana Owner',
          routing_number: '123456789',
          account_number: '000123456789',
        })
      ).body.message,
    ).toBe('That routing number is not valid; check the 9 digits on your check.');
    const linked = await b.post('/api/bank-accounts', {
      purpose: 'deposit',
      job_id: jobId,
      holder_name: 'Ana Owner',
      routing_number: '011000015',
      account_number: '000123456789',
    });
    expect(linked.body).toMatchObject({ last4: '6789', purpose: 'deposit' });
    expect(JSON.stringify(linked.body)).not.toContain('000123456789');
    const { rows } = await app.db.pool.query('SELECT * FROM bank_accounts');
    expect(JSON.stringify(rows)).not.toContain('000123456789');
    expect((await b.post('/api/bank-accounts', { purpose: 'payout', holder_name: 'x', routing_number: '011000015', account_number: '1234' })).status).toBe(403);

    await b.post('/api/milestone/deposit', { milestone_id: id });
    const payments = await (async () => {
      for (let i = 0; i < 200; i++) {
        const answer = (await b.get(`/api/job/${jobId}/payments`)).body;
        if (answer.deposits[0]?.payment_status === 'settled') return answer;
        await new Promise((r) => setTimeout(r, 25));
      }
      throw new Error('deposit did not settle');
    })();
    expect(payments.deposits).toEqual([expect.objectContaining({ milestone: 'Frame', amount: '2045.00', bank_last4: '6789' })]);
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
