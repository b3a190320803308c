import { ProjectionRunner } from '@escrow/projections';

import { progressBilledProject, scheduleLine as line, signByBoth } from '../../test/support/escrow-flows';
import { eventually } from '../../test/support/event-store-fixture';
import { createCompany, type CreatedUser, createSeller, createUser, HttpSession, startSession } from '../../test/support/http-session';
import { uploadBillingFile } from '../../test/support/multipart';
import { createTestApp, type TestApp } from '../../test/support/test-app';

/**
 * Issue 38, funding before work: the buyer's deposits into the project's escrow balance, a
 * certified payment paid only from cleared funds (the shortfall shown to both), and each payee
 * paid through the payment instructions and the dispatcher, once; the ledger's postings of it all,
 * and the retainage released at substantial completion paid out the same way.
 */
describe('progress billing: the escrow balance and the payouts', () => {
  let app: TestApp;
  let buyer: CreatedUser;
  let seller: CreatedUser & { companyId: number };
  let concrete: number;
  const session = async (user: CreatedUser, steppedUp = true) =>
    new HttpSession(app.http).setCookie('sid', await startSession(app.db.pool, user.userId, { steppedUp }));

  beforeAll(async () => {
    app = await createTestApp();
    buyer = await createUser(app.db.pool, { firstName: 'Olivia', lastName: 'Owner' });
    seller = await createSeller(app.db.pool, { name: 'Mesa General Contracting', services: ['General Contracting'] });
    concrete = await createCompany(app.db.pool, { name: 'Desert Concrete' });
  }, 60_000);
  afterAll(() => app.close());

  /** A submitted progress-billed project with the worked example's schedule approved. */
  const progressProject = (s: HttpSession, b: HttpSession) =>
    progressBilledProject(
      { buyer: b, seller: s },
      {
        buyer,
        sellerCompanyId: seller.companyId,
        lines: [
          line('1', 'Site work', '20000.00', seller.companyId),
          line('2', 'Concrete', '30000.00', concrete, { to_rate: '5', at_percent_complete: '50' }),
          line('3', 'Framing', '50000.00', seller.companyId),
        ],
      },
    );

  const escrowOf = async (session: HttpSession, jobId: number) => (await session.get(`/api/job/${jobId}/schedule`)).body.escrow;

  it('pays a certified application only from cleared funds, each payee once', async () => {
    const s = await session(seller);
    const b = await session(buyer);
    const jobId = await progressProject(s, b);
    const deposits = `/api/job/${jobId}/billing/deposits`;

    // The buyer only, stepped up, once both signed the agreement.
    expect(await s.post(deposits, { amount: '10000.00' })).toMatchObject({ status: 403, body: { code: 'buyer_only' } });
    expect((await (await session(buyer, false)).post(deposits, { amount: '10000.00' })).body.code).toBe('step_up_required');
    expect(await b.post(deposits, { amount: '10000.00' })).toMatchObject({ status: 409, body: { code: 'agreement_unsigned' } });
    await signByBoth({ buyer: b, seller: s }, jobId, { buyer: 'Olivia Owner', seller: seller.name });
    expect(await b.post(deposits, { amount: '10000.001' })).toMatchObject({ status: 400, body: { code: 'amount_format' } });

    // Two copies of one request at once (one Idempotency-Key): one deposit, answered to both.
    const key = { 'idempotency-key': 'billing-deposit-0001' };
    const [first, second] = await Promise.all([b.post(deposits, { amount: '10000.00' }, key), b.post(deposits, { amount: '10000.00' }, key)]);
    expect(first).toMatchObject({ status: 201, body: { amount: '10000.00', fee: '225.00', total: '10225.00' } });
    expect(second).toMatchObject({ status: 201, body: { deposit_id: first.body.deposit_id } });
    const funded = await eventually(
      () => escrowOf(b, jobId),
      (e) => e?.cleared === '10000.00',
    );
    expect(funded).toMatchObject({ pending: '0.00', clearing: '0.00', cleared: '10000.00', held: '10000.00', shortfall: null });
    expect(funded.deposits).toEqual([expect.objectContaining({ deposit_id: first.body.deposit_id, status: 'settled', cleared: true })]);

    // Application 1 draws $30,000.00 ($27,000.00 due, $3,000.00 retained): both parties see the shortfall.
    const base = `/api/job/${jobId}/pay-applications`;
    const one = await s.post(base, {
      period_to: '2026-11-30',
      lines: [
        { line: '1', work_percent: '50' },
        { line: '2', work_amount: '12000.00', stored_materials: '3000.00', evidence: [await uploadBillingFile(s, jobId, 'concrete invoice.pdf')] },
        { line: '3', stored_materials: '5000.00', evidence: [await uploadBillingFile(s, jobId, 'lumber invoice.pdf')] },
      ],
    });
    expect(one.status).toBe(201);
    expect((await escrowOf(b, jobId)).shortfall).toEqual({
      code: 'deposit_needed',
      amount: '20000.00',
      deposit_by: '2026-12-10',
      application_number: 1,
      message: 'Deposit $20,000.00 by 2026-12-10: pay application 1 is paid only from cleared funds, and the balance does not cover it.',
    });
    expect((await escrowOf(s, jobId)).shortfall.message).toBe(
      'The escrow balance is $20,000.00 short of what pay application 1 draws; the buyer is asked to deposit it by 2026-12-10. Payments are made only from cleared funds.',
    );

    // Two certifications at once: one releases the payment, the other is refused; the payment waits for funds.
    const lines = ['1', '2', '3'].map((l) => ({ line: l, decision: 'as_billed' }));
    const certified = await Promise.all([b.post(`${base}/1/certify`, { revision: 1, lines }), b.post(`${base}/1/certify`, { revision: 1, lines })]);
    expect(certified.map((c) => c.status).sort()).toEqual([200, 409]);
    const waiting = (await b.get(`${base}/1`)).body;
    expect(waiting).toMatchObject({ status: 'accepted', payment: { total: '27000.00', status: 'awaiting_funds', funded_at: null } });
    expect((await escrowOf(b, jobId)).shortfall).toMatchObject({ amount: '20000.00', application_number: 1 });

    // The deposit that covers it clears: each payee is paid through the dispatcher.
    expect((await b.post(deposits, { amount: '20000.00' })).status).toBe(201);
    const paid = await eventually(
      () => b.get(`${base}/1`),
      (a) => a.body.payment?.status === 'paid',
    );
    // No job-site state: no lien waivers, the payouts go out at once.
    expect(paid.body.payment.payees).toEqual([
      { payee_id: seller.companyId, amount: '13500.00', paid: true, payout_id: 1, waiver: 'none', waiver_name: null },
      { payee_id: concrete, amount: '13500.00', paid: true, payout_id: 2, waiver: 'none', waiver_name: null },
    ]);
    expect(
      await eventually(
        () => escrowOf(s, jobId),
        (e) => e.paid_out === '27000.00',
      ),
    ).toMatchObject({ cleared: '0.00', retainage_held: '3000.00', awaiting_payout: '0.00', paid_out: '27000.00', held: '3000.00', shortfall: null });

    // One instruction per payee and deposit, each handed to the provider once.
    const { rows } = await app.db.pool.query<{ kind: string; amount: string; status: string; submit_count: number }>(
      `SELECT i.kind, i.amount::text, i.status, s.submit_count FROM payment_instructions i JOIN sandbox_ach_submissions s USING (instruction_key)
        WHERE i.job_id = $1 ORDER BY i.kind, i.amount`,
      [jobId],
    );
    expect(rows).toEqual([
      { kind: 'progress_debit', amount: '10225.00', status: 'completed', submit_count: 1 },
      { kind: 'progress_debit', amount: '20450.00', status: 'completed', submit_count: 1 },
      { kind: 'progress_payment', amount: '13500.00', status: 'completed', submit_count: 1 },
      { kind: 'progress_payment', amount: '13500.00', status: 'completed', submit_count: 1 },
    ]);

    // The ledger: the fees earned at settlement, the payees paid, each one's retainage held in escrow.
    await eventually(
      () => ledgerOf(jobId),
      (l) => l['payee_payouts'] === '27000.00',
    );
    expect(await ledgerOf(jobId)).toEqual({
      buyer_funding: '-30675.00',
      escrow: '0.00',
      payee_payable: '0.00',
      payee_payouts: '27000.00',
      platform_fees: '675.00',
      retainage: '3000.00',
      [`retainage:${seller.companyId}`]: '1500.00',
      [`retainage:${concrete}`]: '1500.00',
    });

    // Substantial completion: the seller asks, the buyer approves, and each payee's retainage is paid out once.
    expect((await s.post(`/api/job/${jobId}/billing/retainage/request`)).status).toBe(200);
    expect((await b.post(`/api/job/${jobId}/billing/retainage/approve`)).status).toBe(200);
    expect(
      await eventually(
        () => escrowOf(s, jobId),
        (e) => e.paid_out === '30000.00',
      ),
    ).toMatchObject({ cleared: '0.00', retainage_held: '0.00', awaiting_payout: '0.00', paid_out: '30000.00', held: '0.00' });
    const retainagePayouts = await app.db.pool.query(
      `SELECT i.amount::text, i.company_id, i.status, s.submit_count FROM payment_instructions i JOIN sandbox_ach_submissions s USING (instruction_key)
        WHERE i.job_id = $1 AND i.amount = 1500 ORDER BY i.company_id`,
      [jobId],
    );
    expect(retainagePayouts.rows).toEqual(
      [seller.companyId, concrete].sort((a, b) => a - b).map((company_id) => ({ amount: '1500.00', company_id, status: 'completed', submit_count: 1 })),
    );
    await eventually(
      () => ledgerOf(jobId),
      (l) => l['payee_payouts'] === '30000.00',
    );
    expect(await ledgerOf(jobId)).toMatchObject({ escrow: '0.00', payee_payable: '0.00', payee_payouts: '30000.00', retainage: '0.00' });
    // The point-in-time view derives the same balances from the events.
    const admin = await session(await createUser(app.db.pool, { role: 'admin' }));
    const asOf = await admin.get(`/api/admin/job/${jobId}/as-of?at=${encodeURIComponent(new Date().toISOString())}`);
    expect(asOf.body.balances).toEqual(Object.fromEntries(Object.entries(await ledgerOf(jobId)).filter(([account]) => !account.includes(':'))));
    const unbalanced = await app.db.pool.query(`SELECT event_id FROM ledger_entries WHERE job_id = $1 GROUP BY event_id HAVING sum(amount) <> 0`, [jobId]);
    expect(unbalanced.rows).toEqual([]);

    // A rebuild of the ledger and the payment instructions from the events gives the same rows.
    const runner = app.http.get(ProjectionRunner);
    await eventually(
      () => runner.status(),
      (all) => all.every((p) => p.lagEvents === 0 && p.state === 'running'),
    );
    expect((await runner.rebuild('ledger')).comparison).toMatchObject({ compared: true, equal: true });
    expect((await runner.rebuild('payment-instructions')).comparison).toMatchObject({ compared: true, equal: true });
  });

  /** Each account's balance for the project (and each payee's retainage), from the ledger's rows. */
  it('states the approved schedule and change orders in the agreement, whose signatures the next deposit needs again', async () => {
    const s = await session(seller);
    const b = await session(buyer);
    const jobId = await progressProject(s, b);
    const agreement = async () => (await b.get(`/api/job/${jobId}/agreement`)).body.text as string;
    const signed = await agreement();
    expect(signed).toContain('   1. Site work — $20,000.00; paid to Mesa General Contracting; retainage 10%.');
    expect(signed).toContain('   2. Concrete — $30,000.00; paid to Desert Concrete; retainage 10%, 5% on work certified once the line is 50% complete.');
    await signByBoth({ buyer: b, seller: s }, jobId, { buyer: 'Olivia Owner', seller: seller.name });
    const deposits = `/api/job/${jobId}/billing/deposits`;
    expect((await b.post(deposits, { amount: '1000.00' })).status).toBe(201);

    // A change order proposed changes no term; approved, it is in the text, and the signatures of the earlier text no longer cover a deposit.
    const proposed = await s.post(`/api/job/${jobId}/change-orders`, {
      reason: 'Owner asked for a deck.',
      changes: [{ line: '3', scheduled_value: '55000.00' }],
    });
    expect(proposed.status).toBe(201);
    expect(await agreement()).toBe(signed);
    const changeOrderId = proposed.body.change_orders[0].change_order_id as number;
    expect((await b.post(`/api/job/${jobId}/change-orders/${changeOrderId}/approve`)).status).toBe(200);
    const changed = await agreement();
    expect(changed).toContain(`   Change order ${changeOrderId}, approved by both parties (+$5,000.00): Owner asked for a deck.`);
    expect(changed).toContain('      Line 3: scheduled value from $50,000.00 to $55,000.00.');
    expect(await b.post(deposits, { amount: '1000.00' })).toMatchObject({ status: 409, body: { code: 'agreement_changed' } });
    await signByBoth({ buyer: b, seller: s }, jobId, { buyer: 'Olivia Owner', seller: seller.name });
    expect((await b.post(deposits, { amount: '1000.00' })).status).toBe(201);
  });

  async function ledgerOf(jobId: number): Promise<Record<string, string>> {
    const { rows } = await app.db.pool.query<{ key: string; balance: string }>(
      `SELECT account AS key, sum(amount)::numeric(20,2)::text AS balance FROM ledger_entries WHERE job_id = $1 GROUP BY account
       UNION ALL
       SELECT 'retainage:' || company_id, sum(amount)::numeric(20,2)::text FROM ledger_entries WHERE job_id = $1 AND account = 'retainage' GROUP BY company_id`,
      [jobId],
    );
    return Object.fromEntries(rows.map((r) => [r.key, r.balance]));
  }
});
