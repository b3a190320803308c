import { Logger } from '@nestjs/common';

import { signByBoth, submitProject } from '../../test/support/escrow-flows';
import { paidOutRetainedProject } from '../../test/support/escrow-project';
import { eventually } from '../../test/support/event-store-fixture';
import { createCompany, type CreatedUser, createSeller, createUser, HttpSession, startSession, TEST_PASSWORD } from '../../test/support/http-session';
import { createTestApp, type TestApp } from '../../test/support/test-app';
import { EventStreams, projectStream } from '../command-side';
import { HeldFundsClockWorker } from '../held-funds';
import { RetainageReleases } from './retainage-releases';

/**
 * How long a payout may take to be submitted, paid and recorded by the payments worker: well under
 * a second alone, but make test runs this file beside the fuzz suites on two cores.
 */
const PAID_WITHIN_MS = 30_000;

/**
 * Issue 17 over HTTP: a project with 5% retainage and its job site in Arizona, three payees, from
 * proposal to retainage release with every lien waiver; the clock's reminders; who may do what.
 */
describe('retainage and lien waivers', () => {
  let app: TestApp;
  let buyer: CreatedUser;
  let seller: CreatedUser & { companyId: number };
  let framer: CreatedUser;
  let electrician: CreatedUser;
  let admin: CreatedUser;
  let outsider: CreatedUser;
  const sessions = new Map<number, HttpSession>();
  const as = async (user: CreatedUser) => {
    if (!sessions.has(user.userId)) {
      const session = new HttpSession(app.http);
      await session.login(user.email, TEST_PASSWORD);
      sessions.set(user.userId, session);
    }
    return sessions.get(user.userId)!;
  };
  const ledger = async (projectId: number) => {
    const { rows } = await app.db.pool.query<{ account: string; company_id: number | null; balance: string }>(
      `SELECT account, company_id, sum(amount)::numeric(20,2)::text AS balance FROM ledger_entries WHERE job_id = $1 GROUP BY account, company_id`,
      [projectId],
    );
    return rows;
  };
  const balance = async (projectId: number, account: string) =>
    (await ledger(projectId))
      .filter((r) => r.account === account)
      .reduce((t, r) => t + Number(r.balance), 0)
      .toFixed(2);

  beforeAll(async () => {
    app = await createTestApp({ paymentsSandboxSettleMs: 0 });
    buyer = await createUser(app.db.pool, { firstName: 'Olivia', lastName: 'Owner' });
    seller = await createSeller(app.db.pool, { name: 'Mesa General Contracting' });
    framer = await createUser(app.db.pool, { companyId: await createCompany(app.db.pool, { name: 'Pine Framing' }), firstName: 'Fran', lastName: 'Framer' });
    electrician = await createUser(app.db.pool, { companyId: await createCompany(app.db.pool, { name: 'Volt Electric' }), firstName: 'Eli', lastName: 'Volt' });
    admin = await createUser(app.db.pool, { role: 'admin' });
    outsider = await createUser(app.db.pool, { companyId: await createCompany(app.db.pool) });
  }, 60_000);
  afterAll(() => app.close());

  /** Signs every waiver the user's company may sign on the milestone now. */
  const signAll = async (user: CreatedUser, mId: number, kind: 'conditional' | 'unconditional' = 'conditional') => {
    const session = await as(user);
    const waivers = (await session.get(`/api/milestone/${mId}/waivers`)).body as {
      can_sign: boolean;
      kind: string;
      payment: string;
      mp_id: number;
      waiver_hash: string;
    }[];
    for (const w of waivers.filter((x) => x.can_sign && x.kind === kind)) {
      const answer = await session.post(`/api/milestone/${mId}/waivers/sign`, {
        payment: w.payment,
        mp_id: w.mp_id,
        kind,
        signed_name: user.name,
        waiver_hash: w.waiver_hash,
      });
      expect(answer).toMatchObject({ status: 200, body: { status: 'signed', signed_name: user.name } });
    }
  };

  it('withholds 5% from each payee, holds every payout for its conditional waiver, and releases the retainage when both approve', async () => {
    const s = await as(seller);
    const b = await as(buyer);
    const created = await s.post('/api/job/basic', {
      customer_id: buyer.userId,
      customer_name: buyer.name,
      service: 'Framing',
      primary_company_id: seller.companyId,
      customerInitiated: false,
    });
    const projectId = created.body.job_id as number;
    // Terms: either party, bounded, and a state the product serves.
    expect(await s.put(`/api/job/${projectId}/terms`, { retainage_percent: '12', site_state: 'AZ' })).toMatchObject({
      status: 400,
      body: { message: 'Retainage can be at most 10% of each payment.' },
    });
    expect(await s.put(`/api/job/${projectId}/terms`, { retainage_percent: '5', site_state: 'CA' })).toMatchObject({ status: 400 });
    expect((await (await as(outsider)).put(`/api/job/${projectId}/terms`, { retainage_percent: '5', site_state: 'AZ' })).status).toBe(404);
    expect(await s.put(`/api/job/${projectId}/terms`, { retainage_percent: '5', site_state: 'AZ' })).toMatchObject({
      status: 200,
      body: { retainage_percent: '5.00', site_state: 'AZ', held: '0.00' },
    });
    const framerCompany = framer.companyId!;
    const proposal = await s.post('/api/milestone', {
      job_id: projectId,
      title: 'Framing',
      definition: 'Walls and roof framed and inspected.',
      amount: '10000.00',
      payees: [
        { jc_id: seller.companyId, type: 'fixed', amount: '6000.00', includeFee: false },
        { jc_id: framerCompany, type: 'percent', percentage: 25, includeFee: true },
        { jc_id: electrician.companyId, type: 'remainder', includeFee: false },
      ],
    });
    const mId = proposal.body.m_id as number;
    await submitProject(s, projectId);
    await b.post('/api/milestone/approval', { milestone_id: mId, approve: true });
    await s.post('/api/milestone/approval', { milestone_id: mId, approve: true });
    const [version] = (await b.get(`/api/milestone/${mId}/edits`)).body;
    expect(version).toMatchObject({ retainage_percent: '5.00', retainage_total: '497.19', lien_waiver_state: 'AZ', deposit_total: '10168.75' });
    await signByBoth({ buyer: b, seller: s }, projectId, { buyer: buyer.name, seller: seller.name });
    await b.post('/api/milestone/deposit', { milestone_id: mId });
    await eventually(
      () => b.get(`/api/milestone/${mId}/deposits`),
      (a) => a.body[0]?.cleared_at != null,
    );
    await s.put(`/api/milestone/${mId}/complete`, { complete: true });
    const done = await b.put(`/api/milestone/${mId}/complete`, { complete: true });
    expect(done.body).toMatchObject({ marked_complete_by_both: true, retainage_held: '497.19', waivers_missing: 3, payouts_pending: true });

    // No payout goes out before its payee signs the conditional waiver; the card says who must sign what.
    const [card] = (await s.get(`/api/job/${projectId}/milestones`)).body;
    expect(card.clock.must_act).toEqual([
      { who: 'payee', company_id: seller.companyId, name: 'Mesa General Contracting', action: 'Sign the conditional lien waiver for $5,700.00', you: true },
      { who: 'payee', company_id: framerCompany, name: 'Pine Framing', action: 'Sign the conditional lien waiver for $2,321.56', you: false },
      { who: 'payee', company_id: electrician.companyId, name: 'Volt Electric', action: 'Sign the conditional lien waiver for $1,425.00', you: false },
    ]);
    expect(card.waivers_to_sign).toBe(1);
    const { rows: instructions } = await app.db.pool.query(`SELECT status FROM payment_instructions WHERE job_id = $1 AND kind = 'payout'`, [projectId]);
    expect(instructions.map((i) => i.status)).toEqual(['awaiting_waiver', 'awaiting_waiver', 'awaiting_waiver']);
    const report = (await (await as(admin)).get('/api/admin/reports/missing-waivers')).body as { job_id: number; amount: string; kind: string }[];
    expect(report.filter((r) => r.job_id === projectId).map((r) => [r.kind, r.amount])).toEqual([
      ['conditional', '5700.00'],
      ['conditional', '2321.56'],
      ['conditional', '1425.00'],
    ]);

    // Only the payee's own users sign its waiver; the subcontractor sees only its own.
    const f = await as(framer);
    const framerWaivers = (await f.get(`/api/milestone/${mId}/waivers`)).body;
    expect(framerWaivers).toEqual([
      expect.objectContaining({ company_id: framerCompany, kind: 'conditional', amount: '2321.56', site_state: 'AZ', can_sign: true, status: 'missing' }),
    ]);
    expect(framerWaivers[0].text).toContain('CONDITIONAL WAIVER AND RELEASE OF LIEN RIGHTS ON PAYMENT — ARIZONA (AZ)');
    expect(framerWaivers[0].text).toContain('Claimant (payee): Pine Framing');
    expect(framerWaivers[0].text).toContain('Owner: Olivia Owner');
    const body = {
      payment: 'disbursement',
      mp_id: framerWaivers[0].mp_id,
      kind: 'conditional',
      signed_name: framer.name,
      waiver_hash: framerWaivers[0].waiver_hash,
    };
    expect((await (await as(outsider)).get(`/api/milestone/${mId}/waivers`)).status).toBe(403);
    expect(await b.post(`/api/milestone/${mId}/waivers/sign`, body)).toMatchObject({ status: 403 });
    expect(await s.post(`/api/milestone/${mId}/waivers/sign`, { ...body, signed_name: seller.name })).toMatchObject({
      status: 403,
      body: { message: "Only a user of the payee's company can sign its lien waivers." },
    });
    expect(await f.post(`/api/milestone/${mId}/waivers/sign`, { ...body, waiver_hash: 'f'.repeat(64) })).toMatchObject({ status: 400 });
    expect(await f.post(`/api/milestone/${mId}/waivers/sign`, { ...body, signed_name: 'Someone Else' })).toMatchObject({
      status: 400,
      body: { message: `Sign with your own legal name as it is on your account: ${framer.name}.` },
    });
    // A cookie of the payee's user whose second factor was not checked lately (copied from a
    // laptop) signs nothing: the signature is the payee's legal act and lets its payout go.
    const stale = new HttpSession(app.http).setCookie('sid', await startSession(app.db.pool, framer.userId, { steppedUp: false }));
    expect(await stale.post(`/api/milestone/${mId}/waivers/sign`, body)).toMatchObject({ status: 401, body: { code: 'step_up_required', enrolled: true } });
    expect((await app.db.pool.query(`SELECT count(*)::int AS n FROM events WHERE type = 'LienWaiverSigned'`)).rows[0].n).toBe(0);
    const signed = await f.post(`/api/milestone/${mId}/waivers/sign`, body, { 'idempotency-key': 'waiver-sign-0001' });
    expect(signed).toMatchObject({ status: 200, body: { kind: 'conditional', status: 'signed', amount: '2321.56', company_name: 'Pine Framing' } });
    expect((await f.post(`/api/milestone/${mId}/waivers/sign`, body, { 'idempotency-key': 'waiver-sign-0001' })).body.waiver_name).toBe(
      signed.body.waiver_name,
    );
    // Signed again: refused as already signed while the payment is on its way (the sandbox pays it
    // a moment later), then pointed at the unconditional waiver once it has reached the payee.
    const again = await eventually(
      () => f.post(`/api/milestone/${mId}/waivers/sign`, body),
      (answer) => !(answer.status === 409 && answer.body.message === 'You have already signed this waiver.'),
      PAID_WITHIN_MS,
    );
    expect(again).toMatchObject({
      status: 409,
      body: { message: 'This payment has reached you: sign its unconditional waiver instead.' },
    });
    const { rows: signatures } = await app.db.pool.query(`SELECT count(*)::int AS n FROM events WHERE type = 'LienWaiverSigned'`);
    expect(signatures[0].n).toBe(1);
    // The printable waiver: the payee, the parties and admins read it; nobody else learns it exists.
    expect((await b.get(`/api/waivers/${signed.body.waiver_name}`)).body).toMatchObject({ signed_name: framer.name, text: framerWaivers[0].text });
    expect((await (await as(outsider)).get(`/api/waivers/${signed.body.waiver_name}`)).status).toBe(404);

    await signAll(seller, mId);
    await signAll(electrician, mId);
    const paid = await eventually(
      () => s.get(`/api/milestone/${mId}/disbursements`),
      (a) => a.body.length === 3 && a.body.every((d: { status: string }) => d.status === 'paid'),
      PAID_WITHIN_MS,
    );
    expect(paid.body.map((d: { amount: string; retainage: string }) => [d.amount, d.retainage])).toEqual([
      ['5700.00', '300.00'],
      ['2321.56', '122.19'],
      ['1425.00', '75.00'],
    ]);
    // Paid out: the unconditional waivers were issued, and the payee may still sign its own.
    const issued = await eventually(
      () => f.get(`/api/milestone/${mId}/waivers`),
      (a) => a.body.some((w: { kind: string; status: string }) => w.kind === 'unconditional' && w.status === 'issued'),
      PAID_WITHIN_MS,
    );
    expect(issued.body.find((w: { kind: string }) => w.kind === 'unconditional').text).toContain(
      'UNCONDITIONAL WAIVER AND RELEASE OF LIEN RIGHTS AFTER PAYMENT',
    );
    await signAll(framer, mId, 'unconditional');
    await eventually(
      () => balance(projectId, 'payee_payable'),
      (v) => v === '0.00',
    );
    expect(await balance(projectId, 'escrow')).toBe('0.00');
    expect(await balance(projectId, 'retainage')).toBe('497.19');
    expect(await balance(projectId, 'payee_payouts')).toBe('9446.56');

    // The release: asked by one party, approved by the other; then paid like disbursements, each after its waiver.
    expect(await s.post(`/api/job/${projectId}/retainage/approve`, {})).toMatchObject({
      status: 409,
      body: { message: 'Nobody has asked for the retainage release yet.' },
    });
    const asked = await s.post(`/api/job/${projectId}/retainage/request`, {});
    expect(asked).toMatchObject({ status: 200, body: { request: { party: 'seller', amount: '497.19' }, can_approve: false } });
    expect(await s.post(`/api/job/${projectId}/retainage/approve`, {})).toMatchObject({
      status: 409,
      body: { message: 'You asked for this release; the buyer approves it.' },
    });
    expect((await (await as(outsider)).post(`/api/job/${projectId}/retainage/approve`, {})).status).toBe(403);
    expect((await b.get(`/api/job/${projectId}/retainage`)).body).toMatchObject({ can_approve: true, next_step: expect.stringContaining('approve it') });
    const approved = await b.post(`/api/job/${projectId}/retainage/approve`, {}, { 'idempotency-key': 'retainage-ok-0001' });
    expect(approved).toMatchObject({ status: 200, body: { request: null, decisions: [{ decided_by: 'parties', resolution: 'release', amount: '497.19' }] } });
    expect((await b.post(`/api/job/${projectId}/retainage/approve`, {}, { 'idempotency-key': 'retainage-ok-0001' })).status).toBe(200);
    const { rows: releases } = await app.db.pool.query(`SELECT count(*)::int AS n FROM events WHERE type = 'RetainageReleased'`);
    expect(releases[0].n).toBe(3);
    for (const user of [seller, framer, electrician]) {
      const waivers = await eventually(
        () => as(user).then((x) => x.get(`/api/milestone/${mId}/waivers`)),
        (a) => a.body.some((w: { payment: string; can_sign: boolean }) => w.payment === 'retainage' && w.can_sign),
      );
      expect(waivers.status).toBe(200);
      await signAll(user, mId);
    }
    await eventually(
      () => balance(projectId, 'payee_payable'),
      (v) => v === '0.00',
      PAID_WITHIN_MS,
    );
    expect(await balance(projectId, 'retainage')).toBe('0.00');
    expect(await balance(projectId, 'payee_payouts')).toBe('9943.75');
    const totals = (await (await as(admin)).get('/api/admin/reports/missing-waivers')).body as { job_id: number }[];
    expect(totals.filter((r) => r.job_id === projectId)).toEqual([]);
    const history = (await b.get(`/api/job/${projectId}/history`)).body as { type: string; summary: string }[];
    expect(history.filter((h) => h.type === 'LienWaiverSigned')).toHaveLength(7);
    expect(history.find((h) => h.type === 'RetainageReleaseApproved')?.summary).toBe('The buyer approved the release of $497.19 of retainage to the payees.');
  }, 120_000); // about 90 requests and three payouts: seconds alone, far more beside the fuzz suites

  it('reminds whoever must act once per reason and day, however often and from however many passes the clock runs', async () => {
    const s = await as(seller);
    const b = await as(buyer);
    const created = await s.post('/api/job/basic', {
      customer_id: buyer.userId,
      customer_name: buyer.name,
      service: 'Framing',
      primary_company_id: seller.companyId,
      customerInitiated: false,
    });
    const projectId = created.body.job_id as number;
    // A draft is its creator's alone: the seller names the job site; no retainage.
    expect((await b.put(`/api/job/${projectId}/terms`, { retainage_percent: 0, site_state: 'UT' })).status).toBe(404);
    expect((await s.put(`/api/job/${projectId}/terms`, { retainage_percent: 0, site_state: 'UT' })).body).toMatchObject({
      retainage_percent: '0.00',
      site_state: 'UT',
    });
    const mId = (
      await s.post('/api/milestone', {
        job_id: projectId,
        definition: 'Roof framed.',
        payees: [{ jc_id: framer.companyId, type: 'fixed', amount: '800.00', includeFee: false }],
      })
    ).body.m_id as number;
    await submitProject(s, projectId);
    await b.post('/api/milestone/approval', { milestone_id: mId, approve: true });
    await s.post('/api/milestone/approval', { milestone_id: mId, approve: true });
    await signByBoth({ buyer: b, seller: s }, projectId, { buyer: buyer.name, seller: seller.name });
    await b.post('/api/milestone/deposit', { milestone_id: mId });
    await eventually(
      () => b.get(`/api/milestone/${mId}/deposits`),
      (a) => a.body[0]?.cleared_at != null,
    );
    const clock = app.http.get(HeldFundsClockWorker);
    const reminders = async () =>
      (
        await app.db.pool.query(`SELECT data FROM events WHERE type = 'HeldFundsReminderSent' AND data->>'originalId' = $1 ORDER BY global_position`, [
          String(mId),
        ])
      ).rows.map((r) => r.data as { reason: string; to: string; day: string });
    const later = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
    // Held less than the period (3 days by default): nobody is reminded.
    await clock.pass(later(1));
    expect(await reminders()).toEqual([]);
    // Past it: the seller and the buyer, each once, even from passes that run at the same moment.
    await Promise.all([clock.pass(later(4)), clock.pass(later(4)), clock.pass(later(4))]);
    expect((await reminders()).map((r) => [r.to, r.reason])).toEqual([
      ['seller', 'next:company:Mark complete when the work is done'],
      ['buyer', 'next:customer:Mark complete when the work is done'],
    ]);
    await clock.pass(later(4.5)); // not again within the period
    expect(await reminders()).toHaveLength(2);
    // Each reminder is its own unit of work: its id in the logs and the event, the same for a retry.
    const { rows: correlations } = await app.db.pool.query<{ id: string }>(
      `SELECT DISTINCT metadata->>'correlationId' AS id FROM events WHERE type = 'HeldFundsReminderSent' AND data->>'originalId' = $1`,
      [String(mId)],
    );
    expect(correlations.map((c) => c.id)).toEqual([expect.stringMatching(/^reminder-[0-9a-f]{32}$/), expect.stringMatching(/^reminder-[0-9a-f]{32}$/)]);
    const { rows: mails } = await app.db.pool.query(`SELECT recipient, subject FROM mail_outbox WHERE subject LIKE 'Reminder:%' AND body LIKE $1`, [
      `%project ${projectId})%`,
    ]);
    expect(mails.map((m) => m.recipient).sort()).toEqual([buyer.email, seller.email].sort());
    const history = (await b.get(`/api/job/${projectId}/history`)).body as { type: string; summary: string }[];
    expect(history.filter((h) => h.type === 'HeldFundsReminderSent').map((h) => h.summary)).toEqual([
      expect.stringMatching(/^Reminder sent to the seller to mark complete when the work is done \(funds held since \d{4}-\d\d-\d\d\)\.$/),
      expect.stringMatching(/^Reminder sent to the buyer to mark complete/),
    ]);
    // After completion the payee must sign; a period later it is reminded, by mail to its users.
    await s.put(`/api/milestone/${mId}/complete`, { complete: true });
    await b.put(`/api/milestone/${mId}/complete`, { complete: true });
    await clock.pass(later(2)); // the waiver is due since today: not yet a period
    expect(await reminders()).toHaveLength(2);
    await clock.pass(later(8));
    await clock.pass(later(8.1));
    expect(await reminders()).toHaveLength(3);
    expect((await reminders()).at(-1)).toMatchObject({ to: 'payee', reason: expect.stringMatching(/^conditional_waiver:disbursement:/) });
    const { rows: payeeMail } = await app.db.pool.query(`SELECT body FROM mail_outbox WHERE recipient = $1 AND subject LIKE 'Reminder:%'`, [framer.email]);
    expect(payeeMail).toHaveLength(1);
    expect(payeeMail[0].body).toContain('Waiting on you: Sign the conditional lien waiver for $800.00.');
  });

  it('lets either party dispute the retainage, and an administrator refund it to the buyer through the ledger', async () => {
    const s = await as(seller);
    const b = await as(buyer);
    // No job-site state: no waivers, the payout goes out at once; 10% is retained.
    const { jobId: projectId } = await paidOutRetainedProject({ buyer, seller, sessions: { buyer: b, seller: s } }, '10', '1000.00');
    await eventually(
      () => balance(projectId, 'payee_payouts'),
      (v) => v === '900.00',
    );
    expect(await b.post(`/api/job/${projectId}/retainage/dispute`, { statement: '\u0000' })).toMatchObject({ status: 400 });
    const disputed = await b.post(`/api/job/${projectId}/retainage/dispute`, { statement: 'The railing is missing.' });
    expect(disputed).toMatchObject({ status: 200, body: { dispute: { party: 'buyer', statement: 'The railing is missing.' }, can_request: false } });
    expect(await s.post(`/api/job/${projectId}/retainage/request`, {})).toMatchObject({ status: 409 });
    expect((await s.post(`/api/admin/job/${projectId}/retainage/resolve`, { resolution: 'refund' })).status).toBe(403);
    const dashboard = (await (await as(admin)).get('/api/admin/dashboard')).body;
    expect(dashboard.retainage_disputes).toContainEqual(expect.objectContaining({ job_id: projectId, opened_by_party: 'buyer' }));
    // The Disputes page lists it beside the milestone disputes, with what is at stake; only for admins.
    expect((await s.get('/api/admin/retainage-disputes')).status).toBe(403);
    const listed = await (await as(admin)).get('/api/admin/retainage-disputes');
    expect(listed.body.find((r: { job_id: number }) => r.job_id === projectId)).toEqual({
      job_id: projectId,
      service: 'Framing',
      buyer: buyer.name,
      seller: 'Mesa General Contracting',
      held: '100.00',
      opened_by_party: 'buyer',
      proposal: null,
      four_eyes_above: '10000.00',
      opened_by: buyer.name,
      statement: 'The railing is missing.',
      opened_at: expect.any(String),
    });
    const resolved = await (await as(admin)).post(`/api/admin/job/${projectId}/retainage/resolve`, { resolution: 'refund', note: 'Railing missing.' });
    expect(resolved).toMatchObject({ status: 200, body: { dispute: null, decisions: [{ decided_by: 'admin', resolution: 'refund', amount: '100.00' }] } });
    await eventually(
      () => balance(projectId, 'buyer_refunds'),
      (v) => v === '100.00',
    );
    expect(await balance(projectId, 'retainage')).toBe('0.00');
    expect(await balance(projectId, 'refunds_payable')).toBe('0.00');
    expect((await (await as(admin)).get('/api/admin/retainage-disputes')).body.map((r: { job_id: number }) => r.job_id)).not.toContain(projectId);
    expect((await b.get(`/api/job/${projectId}/payments`)).body.retainage).toEqual([
      expect.objectContaining({ withheld: '100.00', refunded: '100.00', held: '0.00', status: 'refunded' }),
    ]);
  });

  /** A project with 10% retainage and no job-site state whose one milestone of 500.00 is paid out: 50.00 held. */
  const paidOutWithRetainage = async (): Promise<{ jobId: number; mId: number }> => {
    const { jobId: projectId, milestoneId } = await paidOutRetainedProject(
      { buyer, seller, sessions: { buyer: await as(buyer), seller: await as(seller) } },
      '10',
      '500.00',
    );
    return { jobId: projectId, mId: milestoneId };
  };

  it('decides an approval and a dispute sent at the same moment on one stream: one wins, the other is refused', async () => {
    const s = await as(seller);
    const b = await as(buyer);
    const adminSession = await as(admin);
    for (let round = 0; round < 3; round++) {
      const { jobId: projectId } = await paidOutWithRetainage();
      expect((await s.post(`/api/job/${projectId}/retainage/request`, {})).status).toBe(200);
      // The buyer approves while the seller disputes (either may win the stream).
      const [approved, disputed] = await Promise.all([
        b.post(`/api/job/${projectId}/retainage/approve`, {}),
        s.post(`/api/job/${projectId}/retainage/dispute`, { statement: 'Changed my mind.' }),
      ]);
      expect([approved.status, disputed.status].sort()).toEqual([200, 409]);
      const retainage = (await b.get(`/api/job/${projectId}/retainage`)).body;
      if (approved.status === 200) {
        expect(disputed.body.message).toMatch(/^The retainage was already released to the payees by both parties|^No retainage is held on this project\.$/);
        expect(retainage.dispute).toBeNull();
        expect(retainage.decisions).toEqual([expect.objectContaining({ decided_by: 'parties', resolution: 'release', amount: '50.00' })]);
        // Nothing for an administrator to resolve, and nothing refunded.
        expect((await adminSession.post(`/api/admin/job/${projectId}/retainage/resolve`, { resolution: 'refund', note: 'x' })).status).toBe(409);
      } else {
        expect(approved.body.message).toBe('A retainage dispute is open on this project; an administrator will decide it.');
        expect(retainage.decisions).toEqual([]);
        // Two administrators resolving at once: one decision, one refund of the 50.00 held.
        const resolutions = await Promise.all([
          adminSession.post(`/api/admin/job/${projectId}/retainage/resolve`, { resolution: 'refund', note: 'first' }),
          adminSession.post(`/api/admin/job/${projectId}/retainage/resolve`, { resolution: 'release', note: 'second' }),
        ]);
        expect(resolutions.map((r) => r.status).sort()).toEqual([200, 409]);
        expect((await b.get(`/api/job/${projectId}/retainage`)).body.decisions).toEqual([expect.objectContaining({ decided_by: 'admin', amount: '50.00' })]);
      }
      // Sent right after the decision (the milestone may not have applied it yet): refused.
      const late = await b.post(`/api/job/${projectId}/retainage/dispute`, { statement: 'Too late.' });
      expect(late.status).toBe(409);
      await eventually(
        () => balance(projectId, 'retainage'),
        (v) => v === '0.00',
      );
      // Released: the 50.00 is paid out by the sandbox a moment later, then the ledger shows it.
      if (approved.status === 200)
        await eventually(
          () => balance(projectId, 'payee_payouts'),
          (v) => v === '500.00',
        );
      const { rows } = await app.db.pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM events WHERE type IN ('RetainageReleaseApproved', 'RetainageDisputeResolved') AND data->>'jobId' = $1`,
        [String(projectId)],
      );
      expect(rows[0]!.n).toBe(1);
    }
  });

  it('reminds both parties, each recorded, while nobody has asked for the retainage release', async () => {
    const { jobId: projectId, mId } = await paidOutWithRetainage();
    const clock = app.http.get(HeldFundsClockWorker);
    await clock.pass(new Date(Date.now() + 4 * 86_400_000).toISOString());
    const { rows } = await app.db.pool.query<{ data: { to: string; reason: string } }>(
      `SELECT data FROM events WHERE type = 'HeldFundsReminderSent' AND data->>'originalId' = $1 ORDER BY global_position`,
      [String(mId)],
    );
    expect(rows.map((r) => [r.data.to, r.data.reason])).toEqual([
      ['seller', 'request_retainage:company'],
      ['buyer', 'request_retainage:customer'],
    ]);
    const { rows: mails } = await app.db.pool.query<{ recipient: string }>(
      `SELECT recipient FROM mail_outbox WHERE subject = $1 AND body LIKE '%Waiting on you: Ask for the retainage release.%'`,
      [`Reminder: Ask for the retainage release — project ${projectId}`],
    );
    expect(mails.map((m) => m.recipient).sort()).toEqual([buyer.email, seller.email].sort());
    const history = await eventually(
      async () =>
        ((await (await as(buyer)).get(`/api/job/${projectId}/history`)).body as { type: string; summary: string }[]).filter(
          (h) => h.type === 'HeldFundsReminderSent',
        ),
      (entries) => entries.length === 2,
    );
    expect(history.map((h) => h.summary)).toEqual([
      expect.stringMatching(/^Reminder sent to the seller to ask for the retainage release \(funds held since /),
      expect.stringMatching(/^Reminder sent to the buyer to ask for the retainage release \(funds held since /),
    ]);
  });

  it('finishes a release a crash cut short, and warns only when it was (not while it is being applied or not projected yet)', async () => {
    const releases = app.http.get(RetainageReleases);
    const streams = app.http.get(EventStreams);
    const warn = jest.spyOn(Logger.prototype, 'warn');
    /**
     * A decision recorded on the project stream whose milestones were never told, as a process
     * leaves it when it dies between the two (or while it is still applying it), made `ago` ms ago.
     */
    const decidedButNotApplied = async (ago: number) => {
      const { jobId: projectId, mId } = await paidOutWithRetainage();
      const facts = await releases.facts(projectId);
      const now = new Date(Date.now() - ago).toISOString();
      const as = (actor: CreatedUser, role: 'customer' | 'company') => ({
        now,
        actorId: actor.userId,
        actorRole: role,
        actorCompanyId: role === 'company' ? seller.companyId : null,
      });
      await streams.decide(projectStream, projectId, { type: 'RequestRetainageRelease', data: { milestones: facts }, metadata: as(seller, 'company') });
      await streams.decide(projectStream, projectId, { type: 'ApproveRetainageRelease', data: { milestones: facts }, metadata: as(buyer, 'customer') });
      await eventually(
        async () => (await app.db.pool.query(`SELECT state->'retainage'->'decisions' AS d FROM jobs WHERE job_id = $1`, [projectId])).rows[0]?.d,
        (d) => Array.isArray(d) && d.length === 1,
      );
      return { jobId: projectId, mId };
    };
    const warningsAbout = (projectId: number) => warn.mock.calls.filter(([text]) => String(text).includes(`project ${projectId} `)).map(([text]) => text);
    const paidOut = (projectId: number) =>
      eventually(
        () => balance(projectId, 'payee_payouts'),
        (v) => v === '500.00',
      );
    try {
      // Decided a moment ago: the request that decided it may still be applying it. The sweep
      // finishes it (applying twice changes nothing) without crying wolf.
      // (The clock's own pass may get there first: the same sweep, so the checks hold either way.)
      const recent = await decidedButNotApplied(0);
      await releases.sweep();
      expect(warningsAbout(recent.jobId)).toEqual([]);
      await paidOut(recent.jobId);
      // Applied on the write side but the read models still show it held: nothing to do, nothing said.
      expect(await releases.sweep()).toBe(0);
      // Still unapplied a minute after the decision: it was cut short, and the sweep says so once.
      const old = await decidedButNotApplied(60_000);
      await releases.sweep();
      expect(warningsAbout(old.jobId)).toEqual([
        `applying the retainage decision of project ${old.jobId} again: a release was cut short before milestone ${old.mId} applied it`,
      ]);
      await paidOut(old.jobId);
      await releases.sweep();
      expect(warningsAbout(old.jobId)).toHaveLength(1);
      expect(warningsAbout(recent.jobId)).toEqual([]);
    } finally {
      warn.mockRestore();
    }
  });
});
