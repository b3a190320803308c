import type { AdminDashboardView, BillingCommand } from '@escrow/domain';

import { progressBilledProject, scheduleLine as line } from '../../test/support/escrow-flows';
import { eventually } from '../../test/support/event-store-fixture';
import { createCompany, type CreatedUser, createSeller, createUser, HttpSession, startSession } from '../../test/support/http-session';
import { createTestApp, type TestApp } from '../../test/support/test-app';
import { billingStream, EventStreams, systemMetadata } from '../command-side';

/**
 * Issue 38 on the admin dashboard: a progress-billed project's deposits count among those pending,
 * and its escrow balance (clearing, cleared, retained, owed to payees) among the funds held by
 * project, to the cent and in agreement with the ledger's totals.
 */
describe('the admin dashboard counts a progress-billed project’s escrow', () => {
  let app: TestApp;
  let buyer: CreatedUser;
  let seller: CreatedUser & { companyId: number };
  let concrete: number;
  const session = async (user: CreatedUser) => new HttpSession(app.http).setCookie('sid', await startSession(app.db.pool, user.userId, { steppedUp: true }));

  beforeAll(async () => {
    // No dispatcher: the provider's reports are given below, one by one, so each deposit stays where the test puts it.
    app = await createTestApp({ runPayments: false });
    buyer = await createUser(app.db.pool, { firstName: 'Olivia', lastName: 'Owner' });
    seller = await createSeller(app.db.pool, { name: 'Mesa General Contracting', services: ['General Contracting'] });
    concrete = await createCompany(app.db.pool, { name: 'Desert Concrete' });
  }, 60_000);
  afterAll(() => app.close());

  const report = (jobId: number, command: Pick<BillingCommand, 'type' | 'data'>) =>
    app.http.get(EventStreams).decide(billingStream, jobId, { ...command, metadata: systemMetadata() } as BillingCommand);

  it('counts its pending deposits and shows its balance held, retained and owed, since its first deposit settled', async () => {
    const s = await session(seller);
    const b = await session(buyer);
    const jobId = await progressBilledProject(
      { buyer: b, seller: s },
      {
        buyer,
        sellerCompanyId: seller.companyId,
        lines: [line('1', 'Site work', '20000.00', seller.companyId), line('2', 'Concrete', '30000.00', concrete)],
        siteState: 'UT',
        signAs: { buyer: buyer.name, seller: seller.name },
      },
    );
    const deposit = async (amount: string) => {
      const answer = await b.post(`/api/job/${jobId}/billing/deposits`, { amount });
      expect(answer.status).toBe(201);
      return answer.body.deposit_id as number;
    };

    // $40,000.00 settled and cleared, then application 1 ($20,000.00: $18,000.00 due, $2,000.00 retained) drawn from it.
    const first = await deposit('40000.00');
    await report(jobId, { type: 'SettleBillingDeposit', data: { depositId: first, providerReference: 'sbx-1', clearsAt: new Date().toISOString() } });
    await report(jobId, { type: 'ClearBillingDeposit', data: { depositId: first } });
    const submitted = await s.post(`/api/job/${jobId}/pay-applications`, {
      period_to: '2026-11-30',
      lines: [
        { line: '1', work_percent: '50' },
        { line: '2', work_amount: '10000.00' },
      ],
    });
    expect(submitted.status).toBe(201);
    const asBilled = ['1', '2'].map((l) => ({ line: l, decision: 'as_billed' }));
    expect((await b.post(`/api/job/${jobId}/pay-applications/1/certify`, { revision: 1, lines: asBilled })).status).toBe(200);
    // $5,000.00 settled, inside the return window; $1,234.56 asked of the bank and not settled.
    const clearsAt = new Date(Date.now() + 2 * 86_400_000).toISOString();
    await report(jobId, { type: 'SettleBillingDeposit', data: { depositId: await deposit('5000.00'), providerReference: 'sbx-2', clearsAt } });
    await deposit('1234.56');

    const escrow = await eventually(
      async () => (await b.get(`/api/job/${jobId}/schedule`)).body.escrow,
      (e) => e?.pending === '1234.56' && e.clearing === '5000.00',
    );
    expect(escrow).toMatchObject({ cleared: '20000.00', retainage_held: '2000.00', awaiting_payout: '18000.00', held: '45000.00' });
    const settledAt = (
      await app.db.pool.query<{ at: string }>(`SELECT state #>> '{deposits,0,settledAt}' AS at FROM billing_schedules WHERE job_id = $1`, [jobId])
    ).rows[0]!.at;

    const admin = await session(await createUser(app.db.pool, { role: 'admin', adminRole: 'finance' }));
    const dashboard = await eventually(
      async () => (await admin.get('/api/admin/dashboard')).body as AdminDashboardView,
      (d) => d.held === '25000.00' && d.retainage_held === '2000.00',
    );
    expect(dashboard.deposits_pending).toEqual({ count: 1, amount: '1234.56' });
    expect(dashboard.held_by_project).toEqual([
      {
        job_id: jobId,
        service: 'General Contracting',
        buyer: buyer.name,
        seller: 'Mesa General Contracting',
        // In escrow: clearing and cleared, as the ledger's escrow account holds; with the retainage and the payouts owed, in our hands.
        held: '25000.00',
        retainage_held: '2000.00',
        in_custody: '45000.00',
        since: settledAt,
        age_days: 0,
        next_date: { kind: 'funds_clear', at: clearsAt },
        must_act: [
          { who: 'payee', name: 'Mesa General Contracting', action: 'Sign the conditional lien waiver for $9,000.00' },
          { who: 'payee', name: 'Desert Concrete', action: 'Sign the conditional lien waiver for $9,000.00' },
        ],
      },
    ]);
  }, 60_000);
});
