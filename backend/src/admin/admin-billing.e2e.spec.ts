import { progressBilledProject, scheduleLine as line } from '../../test/support/escrow-flows';
import { eventually } from '../../test/support/event-store-fixture';
import { createCompany, type CreatedUser, createSeller, createUser, HttpSession, startSession } from '../../test/support/http-session';
import { uploadBillingFile } from '../../test/support/multipart';
import { createTestApp, type TestApp } from '../../test/support/test-app';
import { HeldFundsClockWorker } from '../held-funds';
import type { SessionUser } from '../identity';
import { BillingCommands } from '../progress-billing/billing-commands';

/**
 * Issue 38 in the admin console: a progress-billed project's billing on its page, the reports'
 * billed / certified / paid / retained per project and per month, and the held-funds clock's
 * reminder of a shortfall and the mails of a returned or failed billing deposit.
 */
describe('progress billing in the admin console, the reports and the reminders', () => {
  let app: TestApp;
  let buyer: CreatedUser;
  let seller: CreatedUser & { companyId: number };
  let concrete: number;
  const session = async (user: CreatedUser) => new HttpSession(app.http).setCookie('sid', await startSession(app.db.pool, user.userId, { steppedUp: true }));

  beforeAll(async () => {
    app = await createTestApp();
    buyer = await createUser(app.db.pool, { firstName: 'Olivia', lastName: 'Owner' });
    seller = await createSeller(app.db.pool, { name: 'Mesa General Contracting', services: ['General Contracting'] });
    concrete = await createCompany(app.db.pool, { name: 'Desert Concrete' });
  }, 60_000);
  afterAll(() => app.close());

  /** A submitted, signed progress-billed project with the worked example's schedule approved. */
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
        signAs: { buyer: buyer.name, seller: seller.name },
      },
    );

  /** Application 1 of a project, its stored materials' invoices uploaded to the project's billing. */
  const applicationOne = async (s: HttpSession, jobId: number) => ({
    period_to: '2025-01-31',
    lines: [
      { line: '1', work_percent: '50' },
      { line: '2', work_amount: '12000.00', stored_materials: '3000.00', evidence: [await uploadBillingFile(s, jobId, 'concrete invoice.pdf')] },
      { line: '3', stored_materials: '5000.00', evidence: [await uploadBillingFile(s, jobId, 'lumber invoice.pdf')] },
    ],
  });

  it('shows the billing to administrators only, and sums billed, certified, paid and retained to the cent', async () => {
    const s = await session(seller);
    const b = await session(buyer);
    const jobId = await progressProject(s, b);
    const base = `/api/job/${jobId}/pay-applications`;
    expect((await b.post(`/api/job/${jobId}/billing/deposits`, { amount: '36000.00' })).status).toBe(201);
    await eventually(
      async () => (await b.get(`/api/job/${jobId}/schedule`)).body.escrow,
      (e) => e?.cleared === '36000.00',
    );

    // Application 1, certified as billed: $30,000.00 of work and stored materials, $3,000.00 retained.
    expect((await s.post(base, await applicationOne(s, jobId))).status).toBe(201);
    const asBilled = ['1', '2', '3'].map((l) => ({ line: l, decision: 'as_billed' }));
    expect((await b.post(`${base}/1/certify`, { revision: 1, lines: asBilled })).status).toBe(200);
    // Application 2 bills $13,000.00; line 1 refused, line 3 reduced: $6,000.00 certified, $450.00 more retained.
    expect(
      (
        await s.post(base, {
          period_to: '2025-02-28',
          lines: [
            { line: '1', work_amount: '5000.00' },
            { line: '2', work_amount: '6000.00', stored_materials: '0.00' },
            { line: '3', work_amount: '10000.00', stored_materials: '0.00' },
          ],
        })
      ).status,
    ).toBe(201);
    const certified = await b.post(`${base}/2/certify`, {
      revision: 1,
      lines: [
        { line: '1', decision: 'refused', reason: 'punch list' },
        { line: '2', decision: 'as_billed' },
        { line: '3', decision: 'reduced', work_this_period: '8000.00', stored_materials: '0.00', reason: 'north wall not framed' },
      ],
    });
    expect(certified.status).toBe(200);
    expect((await s.post(`${base}/2/accept`, { revision: 1 })).status).toBe(200);
    await eventually(
      () => b.get(`${base}/2`),
      (a) => a.body.payment?.status === 'paid',
    );

    // The project's page: the schedule, each application with its certificate, the escrow balance and the payouts.
    const admin = await session(await createUser(app.db.pool, { role: 'admin', adminRole: 'support' }));
    const page = await eventually(
      () => admin.get(`/api/admin/job/${jobId}`),
      (p) => p.body.billing?.payouts.every((o: { paid_at: string | null }) => o.paid_at !== null) && p.body.billing.payouts.length === 4,
    );
    expect(page.status).toBe(200);
    const billing = page.body.billing;
    expect(billing.schedule).toMatchObject({ billing: 'progress', viewer: 'admin', contract_sum: '100000.00', open_application_number: null });
    expect(billing.schedule.escrow).toMatchObject({ cleared: '0.00', retainage_held: '3450.00', paid_out: '32550.00', shortfall: null });
    expect(billing.schedule.escrow.deposits).toEqual([expect.objectContaining({ amount: '36000.00', fee: '810.00', status: 'settled', cleared: true })]);
    expect(
      billing.applications.map((a: { application_number: number; status: string; period_to: string; summary: { current_payment_due: string } }) => [
        a.application_number,
        a.status,
        a.period_to,
        a.summary.current_payment_due,
      ]),
    ).toEqual([
      [1, 'accepted', '2025-01-31', '27000.00'],
      [2, 'accepted', '2025-02-28', '5550.00'],
    ]);
    expect(billing.applications[1].lines.map((l: { decision: { decision: string } | null }) => l.decision?.decision)).toEqual([
      'refused',
      'as_billed',
      'reduced',
    ]);
    expect(billing.payouts).toHaveLength(4);
    expect(billing.payouts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          payment: { kind: 'application', application_number: 1 },
          payee_id: seller.companyId,
          name: 'Mesa General Contracting',
          amount: '13500.00',
        }),
        expect.objectContaining({ payment: { kind: 'application', application_number: 1 }, payee_id: concrete, name: 'Desert Concrete', amount: '13500.00' }),
        expect.objectContaining({ payment: { kind: 'application', application_number: 2 }, payee_id: seller.companyId, amount: '2700.00' }),
        expect.objectContaining({ payment: { kind: 'application', application_number: 2 }, payee_id: concrete, amount: '2850.00' }),
      ]),
    );
    expect(billing.payouts[0]).toMatchObject({ funded_at: expect.any(String), paid_at: expect.any(String), provider_reference: expect.any(String) });
    // The console's payments list them beside the milestones' deposits and disbursements.
    const payments = (await admin.get(`/api/admin/payments?job_id=${jobId}`)).body as { kind: string; amount: string; status: string; party: string }[];
    expect(payments.map((p) => [p.kind, p.amount, p.status, p.party]).sort()).toEqual([
      ['deposit', '36000.00', 'settled', buyer.name],
      ['disbursement', '13500.00', 'paid', 'Desert Concrete'],
      ['disbursement', '13500.00', 'paid', 'Mesa General Contracting'],
      ['disbursement', '2700.00', 'paid', 'Mesa General Contracting'],
      ['disbursement', '2850.00', 'paid', 'Desert Concrete'],
    ]);
    expect(payments).toEqual(payments.map(() => expect.objectContaining({ job_id: jobId, original_id: jobId, progress_billing: true, retainage: false })));
    // The deposit's fee comes on top of what it credits to escrow; a payout carries none.
    expect(payments.map((p) => [p.kind, (p as unknown as { fee: string | null }).fee]).sort()).toEqual([
      ['deposit', '810.00'],
      ['disbursement', null],
      ['disbursement', null],
      ['disbursement', null],
      ['disbursement', null],
    ]);
    // The documents the page links to are the admin's to read; the page itself is no party's.
    const pdf = await admin.get(`${base}/2/pdf`);
    expect(pdf).toMatchObject({ status: 200, headers: { 'content-type': 'application/pdf' } });
    expect((await admin.get(`${base}/2/csv`)).status).toBe(200);
    expect((await b.get(`/api/admin/job/${jobId}`)).status).toBe(403);
    expect((await s.get(`/api/admin/job/${jobId}`)).status).toBe(403);
    expect((await b.get('/api/admin/reports')).status).toBe(403);

    // The reports: billed and certified in each application's period, paid and retained when the money moved.
    const thisMonth = new Date().toISOString().slice(0, 7);
    const reports = async () => (await admin.get('/api/admin/reports')).body;
    const before = await reports();
    expect(before.billing_by_project).toEqual([
      { job_id: jobId, service: 'General Contracting', billed: '43000.00', certified: '36000.00', paid: '32550.00', retained: '3450.00' },
    ]);
    expect(before.billing_by_month).toEqual([
      { month: '2025-01', billed: '30000.00', certified: '30000.00', paid: '0.00', retained: '0.00' },
      { month: '2025-02', billed: '13000.00', certified: '6000.00', paid: '0.00', retained: '0.00' },
      { month: thisMonth, billed: '0.00', certified: '0.00', paid: '32550.00', retained: '3450.00' },
    ]);

    // Substantial completion: the retainage is released and paid; nothing stays retained, everything certified is paid.
    const commands = app.http.get(BillingCommands);
    await commands.decide(sessionUserOf(seller), jobId, { type: 'RequestBillingRetainageRelease', data: {} }, null);
    await commands.decide(sessionUserOf(buyer), jobId, { type: 'ApproveBillingRetainageRelease', data: {} }, null);
    const after = await eventually(reports, (r) => r.billing_by_project[0]?.paid === '36000.00');
    expect(after.billing_by_project).toEqual([
      { job_id: jobId, service: 'General Contracting', billed: '43000.00', certified: '36000.00', paid: '36000.00', retained: '0.00' },
    ]);
    expect(after.billing_by_month.at(-1)).toEqual({ month: thisMonth, billed: '0.00', certified: '0.00', paid: '36000.00', retained: '0.00' });
    const released = (await admin.get(`/api/admin/job/${jobId}`)).body.billing.payouts.filter(
      (p: { payment: { kind: string } }) => p.payment.kind === 'retainage',
    );
    expect(released.map((p: { amount: string }) => p.amount).sort()).toEqual(['1650.00', '1800.00']);

    // The CSVs carry the same figures: an export, so finance and not support.
    expect((await admin.get('/api/admin/reports/csv?report=billing-projects')).status).toBe(403);
    const finance = await session(await createUser(app.db.pool, { role: 'admin', adminRole: 'finance' }));
    const csv = await finance.get('/api/admin/reports/csv?report=billing-projects');
    expect(csv.status).toBe(200);
    expect(String(csv.body).trim().split(/\r?\n/)).toEqual([
      'job_id,service,billed,certified,paid,retained',
      `${jobId},General Contracting,43000.00,36000.00,36000.00,0.00`,
    ]);
    const months = await finance.get('/api/admin/reports/csv?report=billing-months');
    expect(String(months.body).trim().split(/\r?\n/)).toEqual([
      'month,billed,certified,paid,retained',
      '2025-01,30000.00,30000.00,0.00,0.00',
      '2025-02,13000.00,6000.00,0.00,0.00',
      `${thisMonth},0.00,0.00,36000.00,0.00`,
    ]);
    expect((await finance.get('/api/admin/reports/csv?report=billing')).status).toBe(400);
  }, 60_000);

  it("reminds the buyer of a shortfall once per period, and tells the seller's people", async () => {
    const s = await session(seller);
    const b = await session(buyer);
    const jobId = await progressProject(s, b);
    const mails = async () =>
      (
        await app.db.pool.query<{ recipient: string; subject: string; body: string }>(
          `SELECT recipient, subject, body FROM mail_outbox WHERE dedupe_key LIKE $1 ORDER BY mail_id`,
          [`billing-shortfall:${jobId}:%`],
        )
      ).rows;
    expect((await s.post(`/api/job/${jobId}/pay-applications`, { ...(await applicationOne(s, jobId)), period_to: '2026-11-30' })).status).toBe(201);
    // The clock finds candidates in the read model: once the parties see the shortfall, so can it.
    await eventually(
      async () => (await b.get(`/api/job/${jobId}/schedule`)).body.escrow?.shortfall,
      (short) => short?.amount === '30000.00',
    );
    const clock = app.http.get(HeldFundsClockWorker);
    const later = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

    // Short for less than the period (3 days by default): nobody is reminded yet.
    await clock.pass(later(1));
    expect(await mails()).toEqual([]);
    // Past it: the buyer is asked for the deposit, the seller told, each once even from passes at the same moment.
    await Promise.all([clock.pass(later(4)), clock.pass(later(4)), clock.pass(later(4))]);
    expect(await mails()).toEqual([
      {
        recipient: buyer.email,
        subject: `Reminder: deposit into escrow by 2026-12-10 — project ${jobId}`,
        body: expect.stringContaining('Deposit $30,000.00 by 2026-12-10: pay application 1 is paid only from cleared funds'),
      },
      {
        recipient: seller.email,
        subject: `The escrow balance is short — project ${jobId}`,
        body: expect.stringContaining(
          'The escrow balance is $30,000.00 short of what pay application 1 draws; the buyer is asked to deposit it by 2026-12-10.',
        ),
      },
    ]);
    // The reminder is an event on the billing stream: the History says it once, however many passes ran.
    const reminded = async () => {
      const history = (await b.get(`/api/job/${jobId}/history`)).body as { type: string; summary: string }[];
      return history.filter((h) => h.type === 'BillingShortfallReminded').map((h) => h.summary);
    };
    const once = 'Reminded the buyer to deposit $30,000.00 by 2026-12-10 for pay application 1; the seller was told of the shortfall.';
    expect(await eventually(reminded, (said) => said.length > 0)).toEqual([once]);
    await clock.pass(later(4.5)); // not again within the period
    expect(await mails()).toHaveLength(2);
    await clock.pass(later(7)); // the next period: again
    expect(await mails()).toHaveLength(4);
    expect(await eventually(reminded, (said) => said.length > 1)).toEqual([once, once]);
    const events = await app.db.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM events WHERE stream_id = $1 AND type = 'BillingShortfallReminded'`, [
      `billing-${jobId}`,
    ]);
    expect(events.rows[0]!.n).toBe(2);
    // A deposit on its way covers it: no more reminders.
    expect((await b.post(`/api/job/${jobId}/billing/deposits`, { amount: '30000.00' })).status).toBe(201);
    await clock.pass(later(10));
    expect(await mails()).toHaveLength(4);
    expect(await reminded()).toHaveLength(2);
  }, 60_000);

  it.each([
    ['0003', 'returned', 'Deposit returned by the bank on project', "The buyer's bank returned the ACH deposit of $1,022.50"],
    ['0002', 'failed', 'Deposit failed on project', 'The ACH deposit of $1,022.50 into the escrow balance of project'],
  ])(
    'mails both parties when the bank account …%s leaves a billing deposit %s',
    async (last4, status, subject, says) => {
      const s = await session(seller);
      const b = await session(buyer);
      const jobId = await progressProject(s, b);
      const linked = await b.post('/api/bank-accounts', {
        purpose: 'deposit',
        job_id: jobId,
        holder_name: buyer.name,
        routing_number: '011000015',
        account_number: `00012345${last4}`,
      });
      expect(linked.body.last4).toBe(last4);
      expect((await b.post(`/api/job/${jobId}/billing/deposits`, { amount: '1000.00' })).status).toBe(201);
      await eventually(
        async () => (await b.get(`/api/job/${jobId}/schedule`)).body.escrow.deposits[0]?.status,
        (deposit) => deposit === status,
        15_000,
      );
      const sent = await eventually(
        async () =>
          (
            await app.db.pool.query<{ recipient: string; subject: string; body: string }>(
              `SELECT recipient, subject, body FROM mail_outbox WHERE subject = $1 ORDER BY recipient`,
              [`${subject} ${jobId}`],
            )
          ).rows,
        (rows) => rows.length === 2,
      );
      expect(sent.map((m) => m.recipient)).toEqual([buyer.email, seller.email].sort());
      for (const mail of sent) {
        expect(mail.body).toContain(says);
        expect(mail.body).toContain('nothing will be paid to the payees from this deposit');
      }
      if (status === 'returned') expect(sent[0]!.body).toContain('R01');
    },
    60_000,
  );

  /** The user as a session resolves them: what the billing pipeline decides with. */
  const sessionUserOf = (user: CreatedUser): SessionUser => ({
    userId: user.userId,
    role: null,
    adminRole: null,
    companyId: user.companyId,
    companyRole: user.companyId === null ? null : 'owner',
    signingPolicy: 'owner_only',
    companyFactorRequired: false,
    email: user.email,
    firstName: user.name.split(' ')[0]!,
    lastName: user.name.split(' ').slice(1).join(' '),
    displayName: user.name,
    sessionId: null,
    hasSecondFactor: true,
    emailVerified: true,
    secondFactorAt: new Date(),
    passwordAt: new Date(),
  });
});
