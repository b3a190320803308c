import { progressBilledProject, scheduleLine as line } from '../../test/support/escrow-flows';
import { eventually } from '../../test/support/event-store-fixture';
import { type CreatedUser, createSeller, createUser, HttpSession, lastMailTo, startSession } from '../../test/support/http-session';
import { createTestApp, type TestApp } from '../../test/support/test-app';

/**
 * Issue 38, escrow funds the contract no longer needs go back to the buyer over HTTP
 * (docs/progress-billing.md#returning-unused-funds): within the surplus at once, paid once through
 * the refund instruction and the provider's report however many copies arrive; beyond it only
 * with the seller's approval; each refusal with its code, recording nothing.
 */
describe('progress billing: returning unused escrow funds', () => {
  let app: TestApp;
  let buyer: CreatedUser;
  let seller: CreatedUser & { companyId: number };
  const session = async (user: CreatedUser, steppedUp = true) =>
    new HttpSession(app.http).setCookie('sid', await startSession(app.db.pool, user.userId, { steppedUp }));

  beforeAll(async () => {
    app = await createTestApp();
    buyer = await createUser(app.db.pool, { firstName: 'Olivia', lastName: 'Owner' });
    seller = await createSeller(app.db.pool, { name: 'Mesa General Contracting', services: ['General Contracting'] });
  }, 60_000);
  afterAll(() => app.close());

  const escrowOf = async (s: HttpSession, jobId: number) => (await s.get(`/api/job/${jobId}/schedule`)).body.escrow;
  const eventsOf = async (jobId: number) =>
    (await app.db.pool.query('SELECT count(*)::int AS n FROM events WHERE stream_id = $1', [`billing-${jobId}`])).rows[0].n as number;
  const refunds = async (jobId: number) =>
    (
      await app.db.pool.query(
        `SELECT i.amount::text, i.status, s.submit_count FROM payment_instructions i LEFT JOIN sandbox_ach_submissions s USING (instruction_key)
          WHERE i.job_id = $1 AND i.kind = 'progress_refund' ORDER BY i.reference_id`,
        [jobId],
      )
    ).rows;

  it('returns the surplus at once and once, asks the seller beyond it, and refuses with codes', async () => {
    const s = await session(seller);
    const b = await session(buyer);
    // A $100,000.00 contract funded with $110,000.00: $10,000.00 the contract will never draw.
    const jobId = await progressBilledProject(
      { buyer: b, seller: s },
      {
        buyer,
        sellerCompanyId: seller.companyId,
        lines: [line('1', 'Site work', '40000.00', seller.companyId), line('2', 'Framing', '60000.00', seller.companyId)],
        signAs: { buyer: 'Olivia Owner', seller: seller.name },
      },
    );
    const returns = `/api/job/${jobId}/billing/balance-returns`;
    // Nothing cleared yet: nothing to return.
    expect(await b.post(returns, { amount: '1.00' })).toMatchObject({ status: 409, body: { code: 'nothing_to_return' } });
    expect((await b.post(`/api/job/${jobId}/billing/deposits`, { amount: '110000.00' })).status).toBe(201);
    const funded = await eventually(
      () => escrowOf(b, jobId),
      (e) => e?.cleared === '110000.00',
    );
    expect(funded.returns).toEqual({ returned: '0.00', returnable: '110000.00', returnable_at_once: '10000.00', needs_seller: '100000.00', list: [] });

    // Refusals, each recording nothing.
    const before = await eventsOf(jobId);
    expect(await s.post(returns, { amount: '1.00' })).toMatchObject({ status: 403, body: { code: 'buyer_only' } });
    expect((await (await session(buyer, false)).post(returns, { amount: '1.00' })).body.code).toBe('step_up_required');
    expect(await b.post(returns, { amount: '0' })).toMatchObject({ status: 400, body: { code: 'amount_positive' } });
    expect(await b.post(returns, { amount: '12.345' })).toMatchObject({ status: 400, body: { code: 'amount_format' } });
    expect(await b.post(returns, {})).toMatchObject({ status: 400, body: { code: 'validation_failed' } });
    expect(await b.post(returns, { amount: '110000.01' })).toMatchObject({ status: 409, body: { code: 'more_than_balance' } });
    expect(await s.post(`${returns}/1/approve`)).toMatchObject({ status: 404, body: { code: 'balance_return_not_found' } });
    expect(await eventsOf(jobId)).toBe(before);

    // Two copies of one request at once (one Idempotency-Key): one return, one refund, paid once.
    const key = { 'idempotency-key': 'balance-return-0001' };
    const [first, second] = await Promise.all([b.post(returns, { amount: '10000.00' }, key), b.post(returns, { amount: '10000.00' }, key)]);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(first.body.escrow.returns.list).toEqual([expect.objectContaining({ return_id: 1, amount: '10000.00', needs_seller: false })]);
    expect(second.body.escrow.returns.list).toHaveLength(1);
    await eventually(
      () => refunds(jobId),
      (rows) => rows.length === 1 && rows[0].status === 'completed',
    );
    expect(await refunds(jobId)).toEqual([{ amount: '10000.00', status: 'completed', submit_count: 1 }]);
    const paid = await eventually(
      () => escrowOf(b, jobId),
      (e) => e.returns.list[0]?.status === 'paid',
    );
    expect(paid).toMatchObject({ cleared: '100000.00', held: '100000.00' });
    expect(paid.returns).toMatchObject({ returned: '10000.00', returnable: '100000.00', returnable_at_once: '0.00', needs_seller: '100000.00' });
    // The seller's people heard of it.
    expect((await lastMailTo(app.db.pool, seller.email))?.subject).toBe(`$10,000.00 of escrow funds returned to the buyer — project ${jobId}`);

    // Beyond the surplus: the seller decides. One request waits at a time.
    const asked = await b.post(returns, { amount: '2500.00' }, { 'idempotency-key': 'balance-return-0002' });
    expect(asked.status).toBe(201);
    expect(asked.body.escrow.returns.list[1]).toMatchObject({ return_id: 2, status: 'awaiting_seller', needs_seller: true });
    expect(await b.post(returns, { amount: '1.00' })).toMatchObject({ status: 409, body: { code: 'balance_return_pending' } });
    expect(await b.post(`${returns}/2/approve`)).toMatchObject({ status: 403, body: { code: 'seller_only' } });
    expect((await (await session(seller, false)).post(`${returns}/2/approve`)).body.code).toBe('step_up_required');
    // Two approvals at once (one key): returned once.
    const approveKey = { 'idempotency-key': 'balance-return-approve-0002' };
    const approvals = await Promise.all([s.post(`${returns}/2/approve`, {}, approveKey), s.post(`${returns}/2/approve`, {}, approveKey)]);
    expect(approvals.map((a) => a.status)).toEqual([200, 200]);
    expect(await s.post(`${returns}/2/approve`)).toMatchObject({ status: 409, body: { code: 'balance_return_decided' } });
    await eventually(
      () => refunds(jobId),
      (rows) => rows.length === 2 && rows.every((r) => r.status === 'completed'),
    );
    expect((await refunds(jobId)).map((r) => [r.amount, r.submit_count])).toEqual([
      ['10000.00', 1],
      ['2500.00', 1],
    ]);
    expect((await lastMailTo(app.db.pool, buyer.email))?.subject).toBe(`The seller approved your return of $2,500.00 — project ${jobId}`);

    // A decline returns nothing.
    expect((await b.post(returns, { amount: '700.00' })).status).toBe(201);
    const declined = await s.post(`${returns}/3/decline`, { reason: 'We finish the framing.' });
    expect(declined.body.escrow.returns.list[2]).toMatchObject({ status: 'declined', decline_reason: 'We finish the framing.' });
    const after = await eventually(
      () => escrowOf(s, jobId),
      (e) => e.returns.list.length === 3 && e.returns.list[1].status === 'paid',
    );
    expect(after).toMatchObject({ cleared: '97500.00', returns: { returned: '12500.00' } });

    // The ledger: escrow = cleared, everything owed back paid to the buyer.
    const ledger = await eventually(
      async () =>
        (
          await app.db.pool.query(
            `SELECT account, sum(amount)::numeric(20,2)::text AS total FROM ledger_entries WHERE job_id = $1 AND account IN ('escrow', 'refunds_payable', 'buyer_refunds') GROUP BY account ORDER BY account`,
            [jobId],
          )
        ).rows,
      (rows) => rows.find((r) => r.account === 'buyer_refunds')?.total === '12500.00',
    );
    expect(ledger).toEqual([
      { account: 'buyer_refunds', total: '12500.00' },
      { account: 'escrow', total: '97500.00' },
      { account: 'refunds_payable', total: '0.00' },
    ]);
    // The project's payments and the History tell it.
    const payments = (await b.get(`/api/job/${jobId}/payments`)).body;
    expect(payments.refunds).toEqual([
      expect.objectContaining({ refund_id: 1, milestone_id: null, amount: '10000.00', reason: 'balance_return', status: 'paid' }),
      expect.objectContaining({ refund_id: 2, milestone_id: null, amount: '2500.00', reason: 'balance_return', status: 'paid' }),
    ]);
    const history = JSON.stringify((await b.get(`/api/job/${jobId}/history`)).body);
    expect(history).toContain('$10,000.00 of the escrow balance returned to the buyer.');
    expect(history).toContain('The seller declined the return of escrow funds 3: We finish the framing.');
  });
});
