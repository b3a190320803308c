import { progressBilledProject, scheduleLine as line } from '../../test/support/escrow-flows';
import { eventually } from '../../test/support/event-store-fixture';
import { createCompany, type CreatedUser, createSeller, createUser, HttpSession, startSession } from '../../test/support/http-session';
import { createTestApp, type TestApp } from '../../test/support/test-app';

interface WaiverRow {
  job_id: number;
  payout_id: number | null;
  m_id: number | null;
  payment: string;
  kind: string;
  amount: string;
  site_state: string;
  status: string;
  can_sign: boolean;
  milestone_title: string;
  text: string | null;
  waiver_hash: string | null;
  waiver_name: string | null;
}

/**
 * Issue 38 over HTTP: on a progress-billed project whose job site is in Utah, each payee's payout
 * of a certified pay application waits for its conditional lien waiver, signed by a user of the
 * payee company only (once, even when sent twice at once), goes out once signed, and its
 * unconditional waiver is issued when the provider reports it paid.
 */
describe('lien waivers of progress-billed payouts', () => {
  let app: TestApp;
  let buyer: CreatedUser;
  let seller: CreatedUser & { companyId: number };
  let concrete: number;
  let cora: CreatedUser;
  let outsider: CreatedUser;
  let admin: CreatedUser;
  const session = async (user: CreatedUser) => new HttpSession(app.http).setCookie('sid', await startSession(app.db.pool, user.userId, { steppedUp: true }));

  beforeAll(async () => {
    app = await createTestApp({ paymentsSandboxSettleMs: 0 });
    buyer = await createUser(app.db.pool, { firstName: 'Olivia', lastName: 'Owner' });
    seller = await createSeller(app.db.pool, { name: 'Mesa General Contracting', services: ['General Contracting'] });
    concrete = await createCompany(app.db.pool, { name: 'Desert Concrete' });
    cora = await createUser(app.db.pool, { companyId: concrete, firstName: 'Cora', lastName: 'Concrete' });
    outsider = await createUser(app.db.pool, { companyId: await createCompany(app.db.pool) });
    admin = await createUser(app.db.pool, { role: 'admin' });
  }, 60_000);
  afterAll(() => app.close());

  /** A progress-billed project in `siteState` (or none), its schedule approved, the agreement signed and $30,000.00 deposited. */
  async function fundedProject(s: HttpSession, b: HttpSession, siteState: string | null) {
    const jobId = await progressBilledProject(
      { buyer: b, seller: s },
      {
        buyer,
        sellerCompanyId: seller.companyId,
        lines: [line('1', 'Site work', '20000.00', seller.companyId), line('2', 'Concrete', '30000.00', concrete)],
        siteState,
        signAs: { buyer: 'Olivia Owner', seller: seller.name },
      },
    );
    expect((await b.post(`/api/job/${jobId}/billing/deposits`, { amount: '30000.00' })).status).toBe(201);
    await eventually(
      async () => (await b.get(`/api/job/${jobId}/schedule`)).body.escrow,
      (e) => e?.cleared === '30000.00',
    );
    // Application 1, certified as billed: $9,000.00 to the seller (payout 1), $13,500.00 to Desert Concrete (payout 2).
    const base = `/api/job/${jobId}/pay-applications`;
    expect(
      (
        await s.post(base, {
          period_to: '2026-11-30',
          lines: [
            { line: '1', work_percent: '50' },
            { line: '2', work_amount: '15000.00' },
          ],
        })
      ).status,
    ).toBe(201);
    const lines = ['1', '2'].map((l) => ({ line: l, decision: 'as_billed' }));
    expect((await b.post(`${base}/1/certify`, { revision: 1, lines })).status).toBe(200);
    return jobId;
  }

  const instructions = async (jobId: number) =>
    (
      await app.db.pool.query<{ reference_id: number; company_id: number; status: string; submitted: number }>(
        `SELECT i.reference_id, i.company_id, i.status, (SELECT count(*)::int FROM sandbox_ach_submissions s WHERE s.instruction_key = i.instruction_key) AS submitted
           FROM payment_instructions i WHERE i.job_id = $1 AND i.kind = 'progress_payment' ORDER BY i.reference_id`,
        [jobId],
      )
    ).rows;

  it('holds each payout for its payee’s conditional waiver, pays it once signed, and issues the unconditional waiver', async () => {
    const s = await session(seller);
    const b = await session(buyer);
    const c = await session(cora);
    const jobId = await fundedProject(s, b, 'UT');
    const application = `/api/job/${jobId}/pay-applications/1`;

    // Funded, and waiting: the dispatcher submits neither payout.
    const funded = await eventually(
      () => b.get(application),
      (a) => a.body.payment?.status === 'paying',
    );
    expect(funded.body.payment.payees).toEqual([
      { payee_id: seller.companyId, amount: '9000.00', paid: false, payout_id: 1, waiver: 'due', waiver_name: null },
      { payee_id: concrete, amount: '13500.00', paid: false, payout_id: 2, waiver: 'due', waiver_name: null },
    ]);
    expect(
      await eventually(
        () => instructions(jobId),
        (rows) => rows.length === 2,
      ),
    ).toEqual([
      { reference_id: 1, company_id: seller.companyId, status: 'awaiting_waiver', submitted: 0 },
      { reference_id: 2, company_id: concrete, status: 'awaiting_waiver', submitted: 0 },
    ]);

    // The administrators' report lists both as missing.
    const report = (await (await session(admin)).get('/api/admin/reports/missing-waivers')).body as {
      job_id: number;
      payment: string;
      mp_id: number;
      kind: string;
    }[];
    expect(report.filter((r) => r.job_id === jobId)).toEqual([
      expect.objectContaining({
        milestone_title: 'Pay application 1',
        payment: 'progress_payment',
        mp_id: 1,
        company_id: seller.companyId,
        kind: 'conditional',
        amount: '9000.00',
        site_state: 'UT',
      }),
      expect.objectContaining({
        milestone_title: 'Pay application 1',
        payment: 'progress_payment',
        mp_id: 2,
        company_id: concrete,
        company_name: 'Desert Concrete',
        kind: 'conditional',
        amount: '13500.00',
      }),
    ]);

    // The subcontractor's users read the waiver on their waivers page: it names the pay application and its period.
    const listed = (await c.get('/api/waivers')).body as WaiverRow[];
    expect(listed).toEqual([
      expect.objectContaining({
        job_id: jobId,
        payout_id: 2,
        m_id: null,
        payment: 'progress_payment',
        kind: 'conditional',
        amount: '13500.00',
        site_state: 'UT',
        status: 'missing',
        can_sign: true,
        milestone_title: 'Pay application 1, period to 2026-11-30',
      }),
    ]);
    const waiver = listed[0]!;
    expect(waiver.text).toContain('Pay application: number 1, for the period to 2026-11-30');
    expect(waiver.text).toContain('Claimant (payee): Desert Concrete');
    expect(waiver.text).toContain('Owner: Olivia Owner');
    expect(waiver.text).toContain('Amount: $13,500.00');
    expect(waiver.text).toContain('UTAH (UT)');

    // Only a user of the payee company signs, with their own name and the text they read.
    const sign = `/api/job/${jobId}/billing/waivers/sign`;
    const body = { payout_id: 2, kind: 'conditional', signed_name: cora.name, waiver_hash: waiver.waiver_hash };
    expect(await b.post(sign, body)).toMatchObject({ status: 403, body: { code: 'company_users_only' } });
    expect(await s.post(sign, { ...body, signed_name: seller.name })).toMatchObject({ status: 403, body: { code: 'not_the_payee' } });
    expect(await (await session(outsider)).post(sign, body)).toMatchObject({ status: 403, body: { code: 'not_a_party' } });
    expect(await c.post(sign, { ...body, payout_id: 1 })).toMatchObject({ status: 403, body: { code: 'not_the_payee' } });
    expect(await c.post(sign, { ...body, payout_id: 9 })).toMatchObject({ status: 404, body: { code: 'payment_not_found' } });
    expect(await c.post(sign, { ...body, kind: 'unconditional' })).toMatchObject({ status: 409, body: { code: 'not_paid' } });
    expect(await c.post(sign, { ...body, waiver_hash: 'f'.repeat(64) })).toMatchObject({ status: 400, body: { code: 'waiver_changed' } });
    expect(await c.post(sign, { ...body, signed_name: 'Someone Else' })).toMatchObject({ status: 400, body: { code: 'signature_not_legal_name' } });
    expect(await c.post(sign, { ...body, payout_id: 'two' })).toMatchObject({ status: 400, body: { code: 'validation_failed' } });

    // A cookie of the payee's user whose second factor was not checked lately (copied from a
    // laptop) signs nothing: the signature is the payee's legal act and lets its payout go.
    const stale = new HttpSession(app.http).setCookie('sid', await startSession(app.db.pool, cora.userId, { steppedUp: false }));
    expect(await stale.post(sign, body)).toMatchObject({ status: 401, body: { code: 'step_up_required', enrolled: true } });
    expect((await app.db.pool.query(`SELECT count(*)::int AS n FROM events WHERE type = 'BillingLienWaiverSigned'`)).rows[0].n).toBe(0);

    // Sent twice at once: signed once.
    const both = await Promise.all([c.post(sign, body), c.post(sign, body)]);
    expect(both.map((a) => a.status).sort()).toEqual([200, 409]);
    const signed = both.find((a) => a.status === 200)!.body;
    expect(signed).toMatchObject({ job_id: jobId, payment: 'progress_payment', mp_id: 2, kind: 'conditional', status: 'signed', signed_name: cora.name });
    expect(signed.text).toBe(waiver.text);
    const { rows: signatures } = await app.db.pool.query(`SELECT count(*)::int AS n FROM events WHERE type = 'BillingLienWaiverSigned'`);
    expect(signatures[0].n).toBe(1);

    // Signed, its payout goes out once and is paid; the unconditional waiver is issued; the seller's still waits.
    const paid = await eventually(
      () => b.get(application),
      (a) => a.body.payment.payees[1].waiver === 'issued',
    );
    expect(paid.body.payment.payees[1]).toMatchObject({ payout_id: 2, paid: true, waiver: 'issued', waiver_name: expect.stringMatching(/-unconditional-/) });
    expect(paid.body.payment.payees[0]).toMatchObject({ payout_id: 1, paid: false, waiver: 'due' });
    expect(await instructions(jobId)).toEqual([
      { reference_id: 1, company_id: seller.companyId, status: 'awaiting_waiver', submitted: 0 },
      { reference_id: 2, company_id: concrete, status: 'completed', submitted: 1 },
    ]);
    const unconditional = await b.get(`/api/waivers/${paid.body.payment.payees[1].waiver_name}`);
    expect(unconditional).toMatchObject({ status: 200, body: { kind: 'unconditional', status: 'issued', amount: '13500.00', payment: 'progress_payment' } });
    expect(unconditional.body.text).toContain('UNCONDITIONAL WAIVER AND RELEASE OF LIEN RIGHTS AFTER PAYMENT — UTAH (UT)');
    expect(unconditional.body.text).toContain('held in escrow for pay application 1 (period to 2026-11-30)');
    expect(await c.post(sign, body)).toMatchObject({ status: 409, body: { code: 'already_paid' } });
    expect((await (await session(outsider)).get(`/api/waivers/${signed.waiver_name}`)).status).toBe(404);

    const after = (await (await session(admin)).get('/api/admin/reports/missing-waivers')).body as { job_id: number; mp_id: number }[];
    expect(after.filter((r) => r.job_id === jobId).map((r) => r.mp_id)).toEqual([1]);

    // The payee may sign the unconditional waiver it was issued.
    const later = ((await c.get('/api/waivers')).body as WaiverRow[]).find((w) => w.kind === 'unconditional')!;
    expect(later).toMatchObject({ status: 'issued', can_sign: true });
    expect(
      await c.post(
        sign,
        { payout_id: 2, kind: 'unconditional', signed_name: cora.name, waiver_hash: later.waiver_hash },
        { 'idempotency-key': 'billing-waiver-0001' },
      ),
    ).toMatchObject({ status: 200, body: { kind: 'unconditional', status: 'signed' } });

    // The seller signs its own; its payout goes out.
    const own = ((await s.get('/api/waivers')).body as WaiverRow[]).find((w) => w.job_id === jobId)!;
    expect(own).toMatchObject({ payout_id: 1, amount: '9000.00', can_sign: true });
    expect((await s.post(sign, { payout_id: 1, kind: 'conditional', signed_name: seller.name, waiver_hash: own.waiver_hash })).status).toBe(200);
    await eventually(
      () => b.get(application),
      (a) => a.body.payment.status === 'paid',
    );

    // The History says it in words.
    const history = (await b.get(`/api/job/${jobId}/history`)).body as { summary: string }[];
    const sentences = history.map((h) => h.summary);
    expect(sentences).toContain(
      'Conditional lien waiver (Utah) for the payment of $13,500.00 for pay application 1 to Desert Concrete signed — by Cora Concrete (Owner).',
    );
  });

  it('holds the payouts of a retainage release asked for and approved over HTTP for their waivers, as a payment’s', async () => {
    const s = await session(seller);
    const b = await session(buyer);
    const c = await session(cora);
    const jobId = await fundedProject(s, b, 'AZ');
    // Application 1 funded: its retainage ($1,000.00 on line 1, $1,500.00 on line 2) is held in escrow.
    await eventually(
      () => b.get(`/api/job/${jobId}/pay-applications/1`),
      (a) => a.body.payment?.status === 'paying',
    );
    expect((await s.post(`/api/job/${jobId}/billing/retainage/request`)).status).toBe(200);
    const approved = await b.post(`/api/job/${jobId}/billing/retainage/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body.retainage.releases).toEqual([
      expect.objectContaining({
        release_number: 1,
        total: '2500.00',
        // Each payout says its conditional waiver is due, as a payment's does on the Billing tab.
        payees: [
          { payee_id: seller.companyId, amount: '1000.00', paid: false, payout_id: expect.any(Number), waiver: 'due', waiver_name: null },
          { payee_id: concrete, amount: '1500.00', paid: false, payout_id: expect.any(Number), waiver: 'due', waiver_name: null },
        ],
      }),
    ]);

    // Every payout waits, the release's as the payment's: the dispatcher submits none.
    const waiting = await eventually(
      () => instructions(jobId),
      (rows) => rows.length === 4,
    );
    expect(waiting.map((i) => [i.company_id, i.status, i.submitted])).toEqual([
      [seller.companyId, 'awaiting_waiver', 0],
      [concrete, 'awaiting_waiver', 0],
      [seller.companyId, 'awaiting_waiver', 0],
      [concrete, 'awaiting_waiver', 0],
    ]);

    // Desert Concrete's user reads the release's waiver (it names the release and the state) and signs it.
    const waiver = ((await c.get('/api/waivers')).body as WaiverRow[]).find((w) => w.job_id === jobId && w.payment === 'progress_retainage')!;
    expect(waiver).toMatchObject({ kind: 'conditional', amount: '1500.00', site_state: 'AZ', status: 'missing', can_sign: true });
    expect(waiver.milestone_title).toContain('Retainage release 1');
    const sign = `/api/job/${jobId}/billing/waivers/sign`;
    const signed = await c.post(sign, { payout_id: waiver.payout_id, kind: 'conditional', signed_name: cora.name, waiver_hash: waiver.waiver_hash });
    expect(signed).toMatchObject({ status: 200, body: { payment: 'progress_retainage', kind: 'conditional', status: 'signed' } });

    // Only that payout goes out, once; paid, its unconditional waiver is issued.
    const paid = await eventually(
      () => instructions(jobId),
      (rows) => rows.some((i) => i.reference_id === waiver.payout_id && i.status === 'completed'),
    );
    expect(paid.filter((i) => i.submitted > 0).map((i) => [i.reference_id, i.company_id, i.submitted])).toEqual([[waiver.payout_id, concrete, 1]]);
    await eventually(
      async () =>
        (
          await app.db.pool.query(
            `SELECT count(*)::int AS n FROM events WHERE type = 'BillingLienWaiverIssued' AND stream_id = $1 AND data->>'payoutId' = $2`,
            [`billing-${jobId}`, String(waiver.payout_id)],
          )
        ).rows[0].n as number,
      (n) => n === 1,
    );
    // The release answers the unconditional waiver to print, and the other payee's still due.
    const schedule = await eventually(
      () => b.get(`/api/job/${jobId}/schedule`),
      (r) => r.body.retainage.releases[0].payees.some((p: { paid: boolean }) => p.paid),
    );
    expect(schedule.body.retainage.releases[0].payees).toEqual([
      expect.objectContaining({ payee_id: seller.companyId, paid: false, waiver: 'due', waiver_name: null }),
      {
        payee_id: concrete,
        amount: '1500.00',
        paid: true,
        payout_id: waiver.payout_id,
        waiver: 'issued',
        waiver_name: expect.stringContaining('unconditional'),
      },
    ]);
  });

  it('pays the payouts of a project whose job site names no state without waivers, as before', async () => {
    const s = await session(seller);
    const b = await session(buyer);
    const jobId = await fundedProject(s, b, null);
    const paid = await eventually(
      () => b.get(`/api/job/${jobId}/pay-applications/1`),
      (a) => a.body.payment?.status === 'paid',
    );
    expect(paid.body.payment.payees.map((p: { waiver: string; paid: boolean }) => [p.waiver, p.paid])).toEqual([
      ['none', true],
      ['none', true],
    ]);
    expect(((await (await session(cora)).get('/api/waivers')).body as WaiverRow[]).filter((w) => w.job_id === jobId)).toEqual([]);
    const unasked = { payout_id: 2, kind: 'conditional', signed_name: cora.name, waiver_hash: 'a'.repeat(64) };
    expect(await (await session(cora)).post(`/api/job/${jobId}/billing/waivers/sign`, unasked)).toMatchObject({ status: 409, body: { code: 'no_waiver' } });
    const { rows } = await app.db.pool.query(`SELECT count(*)::int AS n FROM events WHERE type = 'BillingLienWaiverIssued' AND stream_id = $1`, [
      `billing-${jobId}`,
    ]);
    expect(rows[0].n).toBe(0);
  });
});
