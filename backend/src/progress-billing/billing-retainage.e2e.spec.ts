import type { WebhookPayload } from '@escrow/domain';

import { progressBilledProject, scheduleLine as line } from '../../test/support/escrow-flows';
import { eventually } from '../../test/support/event-store-fixture';
import { createCompany, type CreatedUser, createSeller, createUser, HttpSession, lastMailTo, startSession } from '../../test/support/http-session';
import { multipart, TINY_PDF } from '../../test/support/multipart';
import { createTestApp, type TestApp } from '../../test/support/test-app';
import { WebhookReceiver } from '../../test/support/webhook-receiver';

/**
 * Issue 38, retainage at substantial completion over HTTP: one party asks for it, the other
 * approves, and each payee is paid its share once, through the payment instructions and the
 * dispatcher; refused while an application is open or a payment waits for funds, to anyone but
 * the other party, and once only however many approvals arrive at once.
 */
describe('progress billing: the retainage release', () => {
  let app: TestApp;
  let receiver: WebhookReceiver;
  let buyer: CreatedUser;
  let seller: CreatedUser & { companyId: number };
  let concrete: number;
  const session = async (user: CreatedUser, steppedUp = true) =>
    new HttpSession(app.http).setCookie('sid', await startSession(app.db.pool, user.userId, { steppedUp }));

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    app = await createTestApp({
      webhooks: { run: true, allowHttpLoopback: true, timeoutMs: 400, retryBaseMs: 100, retryForMs: 86_400_000, secretOverlapMs: 86_400_000 },
    });
    buyer = await createUser(app.db.pool, { firstName: 'Olivia', lastName: 'Owner' });
    seller = await createSeller(app.db.pool, { name: 'Mesa General Contracting', services: ['General Contracting'] });
    concrete = await createCompany(app.db.pool, { name: 'Desert Concrete' });
  }, 60_000);
  afterAll(async () => {
    await app.close();
    await receiver.close();
  });

  /** A submitted, signed progress-billed project with a schedule approved: $15,000.00 to the seller, $15,000.00 to the subcontractor. */
  const progressProject = (s: HttpSession, b: HttpSession) =>
    progressBilledProject(
      { buyer: b, seller: s },
      {
        buyer,
        sellerCompanyId: seller.companyId,
        lines: [line('1', 'Framing', '15000.00', seller.companyId), line('2', 'Concrete', '15000.00', concrete)],
        signAs: { buyer: 'Olivia Owner', seller: seller.name },
      },
    );

  const scheduleOf = async (s: HttpSession, jobId: number) => (await s.get(`/api/job/${jobId}/schedule`)).body;

  it('is asked for by one party and approved by the other, each payee paid once', async () => {
    const s = await session(seller);
    const b = await session(buyer);
    const jobId = await progressProject(s, b);
    const hook = await s.post('/api/webhooks/endpoints', { url: receiver.url('/retainage'), kinds: ['retainage.release_requested', 'retainage.released'] });
    expect(hook.status).toBe(201);
    const request = `/api/job/${jobId}/billing/retainage/request`;
    const approve = `/api/job/${jobId}/billing/retainage/approve`;

    // Nothing certified yet: nothing held.
    expect(await s.post(request)).toMatchObject({ status: 409, body: { code: 'no_retainage_held' } });

    // $5,000.00 cleared; application 1 bills all the work (draw $30,000.00: $27,000.00 due, $3,000.00 retained).
    expect((await b.post(`/api/job/${jobId}/billing/deposits`, { amount: '5000.00' })).status).toBe(201);
    await eventually(
      () => scheduleOf(b, jobId),
      (v) => v.escrow?.cleared === '5000.00',
    );
    const base = `/api/job/${jobId}/pay-applications`;
    const submitted = await s.post(base, {
      period_to: '2026-11-30',
      lines: [
        { line: '1', work_percent: '100' },
        { line: '2', work_percent: '100' },
      ],
    });
    expect(submitted.status).toBe(201);
    // While it is open, no release: the screen is told why, the route refuses.
    expect((await scheduleOf(s, jobId)).retainage).toMatchObject({ held: '0.00', blocked: { code: 'application_open' }, can_request: false });
    expect(await s.post(request)).toMatchObject({ status: 409, body: { code: 'application_open' } });

    // Certified as billed: the payment waits for funds, and so does its retainage.
    const lines = ['1', '2'].map((l) => ({ line: l, decision: 'as_billed' }));
    expect((await b.post(`${base}/1/certify`, { revision: 1, lines })).status).toBe(200);
    expect(await b.post(request)).toMatchObject({ status: 409, body: { code: 'payment_awaiting_funds' } });
    expect((await scheduleOf(b, jobId)).retainage).toMatchObject({
      held: '3000.00',
      blocked: { code: 'payment_awaiting_funds' },
      can_request: false,
      can_dispute: false,
    });
    // Nor a dispute: none of that retainage is in escrow, so there is nothing an administrator could decide.
    const eventsBefore = (await app.db.pool.query('SELECT count(*)::int AS n FROM events WHERE stream_id = $1', [`billing-${jobId}`])).rows[0].n;
    for (const party of [b, s])
      expect(await party.post(`/api/job/${jobId}/retainage/dispute`, { statement: 'Not paid yet.' })).toMatchObject({
        status: 409,
        body: {
          code: 'payment_awaiting_funds',
          message:
            "Pay application 1's payment is waiting for the buyer's deposit: the retainage it withholds is not in escrow yet. Dispute it once that payment is paid from escrow.",
        },
      });
    expect((await app.db.pool.query('SELECT count(*)::int AS n FROM events WHERE stream_id = $1', [`billing-${jobId}`])).rows[0].n).toBe(eventsBefore);

    // The deposit that covers it clears: the payment is paid, the retainage is in escrow.
    expect((await b.post(`/api/job/${jobId}/billing/deposits`, { amount: '25000.00' })).status).toBe(201);
    const funded = await eventually(
      () => scheduleOf(s, jobId),
      (v) => v.escrow?.paid_out === '27000.00',
    );
    expect(funded.retainage).toEqual({
      held: '3000.00',
      held_by_payee: [
        { payee_id: seller.companyId, amount: '1500.00' },
        { payee_id: concrete, amount: '1500.00' },
      ],
      request: null,
      releases: [],
      blocked: null,
      can_request: true,
      can_approve: false,
      can_dispute: true,
      dispute: null,
      decisions: [],
    });

    // Nobody but the parties: an outsider, an admin, the certifier the buyer named.
    const outsider = await session(await createUser(app.db.pool));
    expect(await outsider.post(request)).toMatchObject({ status: 403, body: { code: 'not_a_party' } });
    const admin = await session(await createUser(app.db.pool, { role: 'admin' }));
    expect(await admin.post(request)).toMatchObject({ status: 403, body: { code: 'not_a_party' } });
    const architect = await createUser(app.db.pool, { firstName: 'Ada', lastName: 'Architect' });
    expect((await b.put(`/api/job/${jobId}/certifier`, { user_id: architect.userId })).status).toBe(200);
    const certifier = await session(architect);
    expect(await certifier.post(request)).toMatchObject({ status: 403, body: { code: 'not_a_party' } });
    expect((await scheduleOf(certifier, jobId)).retainage).toMatchObject({ can_request: false, can_approve: false });

    // The seller asks; the buyer is mailed what each payee gets.
    const asked = await s.post(request, {}, { 'idempotency-key': 'retainage-request-0001' });
    expect(asked.status).toBe(200);
    expect(asked.body.retainage).toMatchObject({
      request: { party: 'company', by: seller.userId, total: '3000.00', payees: funded.retainage.held_by_payee },
      can_request: false,
      can_approve: false,
    });
    // A retry with its key answers the same request (and mails nobody twice).
    expect((await s.post(request, {}, { 'idempotency-key': 'retainage-request-0001' })).status).toBe(200);
    expect(await s.post(request)).toMatchObject({ status: 409, body: { code: 'already_requested' } });
    expect(await b.post(request)).toMatchObject({ status: 409, body: { code: 'release_requested' } });
    expect(await s.post(approve)).toMatchObject({ status: 409, body: { code: 'own_release_request' } });
    const mail = await lastMailTo(app.db.pool, buyer.email);
    expect(mail?.subject).toBe(`The seller asks for the retainage release — project ${jobId}`);
    expect(mail?.body).toContain('asks for the retainage held: $3,000.00');
    expect(mail?.body).toContain('- Mesa General Contracting: $1,500.00');
    expect(mail?.body).toContain('- Desert Concrete: $1,500.00');
    const { rows: mails } = await app.db.pool.query('SELECT 1 FROM mail_outbox WHERE recipient = $1 AND subject LIKE $2', [buyer.email, '%retainage release%']);
    expect(mails).toHaveLength(1);
    expect((await scheduleOf(b, jobId)).retainage).toMatchObject({ can_request: false, can_approve: true });

    // The buyer's approval lets the retainage go: its step-up first.
    expect((await (await session(buyer, false)).post(approve)).body.code).toBe('step_up_required');
    // Two approvals at once: one release, the other refused.
    const approvals = await Promise.all([b.post(approve), b.post(approve)]);
    expect(approvals.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(approvals.find((a) => a.status === 409)?.body.code).toBe('no_release_request');

    const paid = await eventually(
      () => scheduleOf(s, jobId),
      (v) => v.retainage.releases[0]?.status === 'paid',
    );
    expect(paid.retainage).toMatchObject({
      held: '0.00',
      request: null,
      blocked: { code: 'no_retainage_held' },
      releases: [
        {
          release_number: 1,
          approved_by_party: 'customer',
          approved_by: buyer.userId,
          total: '3000.00',
          status: 'paid',
          payees: [
            { payee_id: seller.companyId, amount: '1500.00', paid: true },
            { payee_id: concrete, amount: '1500.00', paid: true },
          ],
        },
      ],
    });
    expect(paid.escrow).toMatchObject({ retainage_held: '0.00', paid_out: '30000.00', held: '0.00' });
    // One payout per payee, handed to the provider once.
    const { rows } = await app.db.pool.query(
      `SELECT i.company_id, i.amount::text, i.status, s.submit_count FROM payment_instructions i JOIN sandbox_ach_submissions s USING (instruction_key)
        WHERE i.job_id = $1 AND i.kind = 'progress_payment' AND i.amount = 1500 ORDER BY i.company_id`,
      [jobId],
    );
    expect(rows).toEqual(
      [seller.companyId, concrete].sort((x, y) => x - y).map((company_id) => ({ company_id, amount: '1500.00', status: 'completed', submit_count: 1 })),
    );
    // The seller's integration heard of the request and of the release, once each.
    const delivered = await eventually(
      async () => receiver.requests.filter((r) => r.path === '/retainage' && r.answered === 200).map((r) => JSON.parse(r.body) as WebhookPayload),
      (payloads) => payloads.length >= 2,
    );
    expect(delivered.map((p) => [p.kind, p.event.type])).toEqual([
      ['retainage.release_requested', 'BillingRetainageReleaseRequested'],
      ['retainage.released', 'BillingRetainageReleased'],
    ]);
    expect(delivered[1]).toMatchObject({ project_id: jobId, data: { total: '3000.00', releaseNumber: 1 } });
    expect(await b.post(approve)).toMatchObject({ status: 409, body: { code: 'no_release_request' } });
    expect(await s.post(request)).toMatchObject({ status: 409, body: { code: 'no_retainage_held' } });
  });

  /**
   * A project whose application 1 billed all the work and was certified as billed and paid from a
   * deposit that covers it: each payee has 10% of its line held.
   */
  const heldRetainage = async (s: HttpSession, b: HttpSession, values: [string, string], siteState?: string) => {
    const jobId = await progressBilledProject(
      { buyer: b, seller: s },
      {
        buyer,
        sellerCompanyId: seller.companyId,
        lines: [line('1', 'Framing', values[0], seller.companyId), line('2', 'Concrete', values[1], concrete)],
        signAs: { buyer: 'Olivia Owner', seller: seller.name },
        ...(siteState ? { siteState } : {}),
      },
    );
    const draw = (Number(values[0]) + Number(values[1])).toFixed(2);
    expect((await b.post(`/api/job/${jobId}/billing/deposits`, { amount: draw })).status).toBe(201);
    await eventually(
      () => scheduleOf(b, jobId),
      (v) => v.escrow?.cleared === draw,
    );
    const base = `/api/job/${jobId}/pay-applications`;
    const lines = [
      { line: '1', work_percent: '100' },
      { line: '2', work_percent: '100' },
    ];
    expect((await s.post(base, { period_to: '2026-11-30', lines })).status).toBe(201);
    const decisions = ['1', '2'].map((l) => ({ line: l, decision: 'as_billed' }));
    expect((await b.post(`${base}/1/certify`, { revision: 1, lines: decisions })).status).toBe(200);
    await eventually(
      () => scheduleOf(s, jobId),
      (v) => v.retainage?.blocked === null,
    );
    return jobId;
  };

  it('is disputed by a party, refunded to the buyer by an administrator, and the refund paid once', async () => {
    const s = await session(seller);
    const b = await session(buyer);
    const jobId = await heldRetainage(s, b, ['15000.00', '15000.00']);
    const hook = await s.post('/api/webhooks/endpoints', {
      url: receiver.url('/retainage-dispute'),
      kinds: ['retainage.dispute_opened', 'retainage.dispute_resolved'],
    });
    expect(hook.status).toBe(201);
    const dispute = `/api/job/${jobId}/retainage/dispute`;

    // The seller asks; the buyer disputes instead of approving: the request ends, nothing is approved or asked for while it is open.
    expect((await s.post(`/api/job/${jobId}/billing/retainage/request`)).status).toBe(200);
    expect(await b.post(dispute, { statement: '' })).toMatchObject({ status: 400, body: { code: 'statement_required' } });
    const outsider = await session(await createUser(app.db.pool));
    expect(await outsider.post(dispute, { statement: 'Mine.' })).toMatchObject({ status: 403, body: { code: 'not_a_party' } });
    const opened = await b.post(dispute, { statement: 'The punch list is not done.' }, { 'idempotency-key': 'retainage-dispute-0001' });
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({
      held: '3000.00',
      milestones: [],
      request: null,
      dispute: { party: 'buyer', by_name: 'Olivia Owner', statement: 'The punch list is not done.' },
      can_dispute: false,
      can_approve: false,
    });
    expect((await b.post(dispute, { statement: 'The punch list is not done.' }, { 'idempotency-key': 'retainage-dispute-0001' })).status).toBe(200);
    expect(await b.post(`/api/job/${jobId}/billing/retainage/approve`)).toMatchObject({ status: 409, body: { code: 'retainage_disputed' } });
    expect(await s.post(`/api/job/${jobId}/billing/retainage/request`)).toMatchObject({ status: 409, body: { code: 'retainage_disputed' } });
    expect(await s.post(dispute, { statement: 'Me too.' })).toMatchObject({ status: 409, body: { code: 'retainage_disputed' } });
    expect((await scheduleOf(s, jobId)).retainage).toMatchObject({
      request: null,
      blocked: { code: 'retainage_disputed' },
      can_request: false,
      can_dispute: false,
      dispute: { party: 'customer', by: buyer.userId, statement: 'The punch list is not done.', proposal: null },
    });

    // Either side attaches evidence to it, on the same routes as a milestone project's dispute.
    const disputeId = opened.body.dispute.dispute_id as number;
    const file = multipart(TINY_PDF, 'punch-list.pdf');
    const evidence = `/api/job/${jobId}/retainage/attachments`;
    const attached = await b.request('POST', `${evidence}?dispute_id=${disputeId}`, file.payload, file.headers);
    expect(attached).toMatchObject({ status: 201, body: { to: 'retainage_dispute', dispute_id: disputeId, name: 'punch-list.pdf', by: { role: 'buyer' } } });
    expect(await outsider.request('POST', `${evidence}?dispute_id=${disputeId}`, file.payload, file.headers)).toMatchObject({ status: 404 });
    expect((await s.get(evidence)).body).toEqual([expect.objectContaining({ attachment_id: attached.body.attachment_id, dispute_id: disputeId })]);
    expect((await s.get(`${evidence}/${attached.body.attachment_id}/file`)).status).toBe(200);
    // The administrators see it among the retainage disputes; a party may not resolve it.
    const admin = await session(await createUser(app.db.pool, { role: 'admin' }));
    const listed = await eventually(
      async () => (await admin.get('/api/admin/retainage-disputes')).body as { job_id: number }[],
      (rows) => rows.some((r) => r.job_id === jobId),
    );
    expect(listed.find((r) => r.job_id === jobId)).toMatchObject({
      held: '3000.00',
      opened_by_party: 'buyer',
      statement: 'The punch list is not done.',
      proposal: null,
    });
    const resolve = `/api/admin/job/${jobId}/retainage/resolve`;
    expect(await b.post(resolve, { resolution: 'refund' })).toMatchObject({ status: 403, body: { code: 'admin_only' } });

    // Two resolutions at once: one refund, the other told there is no dispute left.
    const both = await Promise.all([
      admin.post(resolve, { resolution: 'refund', note: 'Defects not fixed.' }),
      admin.post(resolve, { resolution: 'refund', note: 'Defects not fixed.' }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.status === 409)?.body.code).toBe('no_dispute');
    expect(both.find((r) => r.status === 200)?.body).toMatchObject({
      dispute: null,
      held: '0.00',
      refunded: '3000.00',
      decisions: [{ decided_by: 'admin', resolution: 'refund', amount: '3000.00' }],
    });

    // Resolved, its evidence is closed.
    expect(await b.request('POST', `${evidence}?dispute_id=${disputeId}`, file.payload, file.headers)).toMatchObject({
      status: 409,
      body: { code: 'dispute_closed' },
    });
    // The provider refunds the buyer once; the ledger balances and the escrow holds nothing more.
    await eventually(
      async () => (await app.db.pool.query("SELECT status FROM payment_instructions WHERE job_id = $1 AND kind = 'progress_refund'", [jobId])).rows,
      (rows) => rows.length === 1 && rows[0].status === 'completed',
    );
    const { rows: submitted } = await app.db.pool.query(
      `SELECT i.amount::text, s.submit_count FROM payment_instructions i JOIN sandbox_ach_submissions s USING (instruction_key) WHERE i.job_id = $1 AND i.kind = 'progress_refund'`,
      [jobId],
    );
    expect(submitted).toEqual([{ amount: '3000.00', submit_count: 1 }]);
    const after = await eventually(
      () => scheduleOf(s, jobId),
      (v) => v.escrow?.retainage_held === '0.00',
    );
    expect(after.retainage).toMatchObject({
      dispute: null,
      decisions: [{ resolution: 'refund', amount: '3000.00', approved_by: null, note: 'Defects not fixed.' }],
    });
    expect(after.escrow).toMatchObject({ held: '0.00', paid_out: '27000.00', awaiting_refund: '0.00', refunded: '3000.00' });
    const { rows: ledger } = await app.db.pool.query(
      `SELECT account, sum(amount)::numeric(20,2)::text AS total FROM ledger_entries WHERE job_id = $1 AND account IN ('retainage', 'refunds_payable', 'buyer_refunds') GROUP BY account ORDER BY account`,
      [jobId],
    );
    expect(ledger).toEqual([
      { account: 'buyer_refunds', total: '3000.00' },
      { account: 'refunds_payable', total: '0.00' },
      { account: 'retainage', total: '0.00' },
    ]);
    // The admin console's payments list the refund to the buyer.
    const payments = (await admin.get(`/api/admin/payments?job_id=${jobId}&kind=refund`)).body;
    expect(payments).toEqual([
      expect.objectContaining({ kind: 'refund', id: 1, amount: '3000.00', status: 'paid', party: 'Olivia Owner', retainage: true, progress_billing: true }),
    ]);
    // The History tells it, and the seller's integration heard of the dispute and its resolution.
    const history = (await b.get(`/api/job/${jobId}/history`)).body as { summary: string }[];
    const summaries = JSON.stringify(history);
    expect(summaries).toContain('Retainage dispute opened by the buyer: The punch list is not done.');
    expect(summaries).toContain('Retainage dispute resolved by refund to the buyer of $3,000.00. Defects not fixed.');
    const delivered = await eventually(
      async () => receiver.requests.filter((r) => r.path === '/retainage-dispute' && r.answered === 200).map((r) => JSON.parse(r.body) as WebhookPayload),
      (payloads) => payloads.length >= 2,
    );
    expect(delivered.map((p) => [p.kind, p.event.type])).toEqual([
      ['retainage.dispute_opened', 'BillingRetainageDisputeOpened'],
      ['retainage.dispute_resolved', 'BillingRetainageDisputeResolved'],
    ]);
  });

  it('is released by administrators, four eyes above the threshold, each payout waiting for its lien waiver', async () => {
    const s = await session(seller);
    const b = await session(buyer);
    // $12,000.00 held: above the default FOUR_EYES_ABOVE of $10,000.00.
    const jobId = await heldRetainage(s, b, ['60000.00', '60000.00'], 'UT');
    expect((await s.post(`/api/job/${jobId}/retainage/dispute`, { statement: 'The buyer will not answer.' })).status).toBe(200);
    const first = await session(await createUser(app.db.pool, { role: 'admin' }));
    const second = await session(await createUser(app.db.pool, { role: 'admin' }));
    const proposed = await first.post(`/api/admin/job/${jobId}/retainage/resolve`, { resolution: 'release', note: 'Work is complete.' });
    expect(proposed).toMatchObject({ status: 202, body: { proposal: { proposal_id: 1, resolution: 'release', amount: '12000.00' } } });
    const approve = `/api/admin/job/${jobId}/retainage/resolution/approve`;
    expect(await first.post(approve, { proposal_id: 1 })).toMatchObject({ status: 403, body: { code: 'same_admin' } });
    expect(await s.post(approve, { proposal_id: 1 })).toMatchObject({ status: 403, body: { code: 'admin_only' } });
    // Nothing moved yet.
    expect((await scheduleOf(b, jobId)).retainage).toMatchObject({ held: '12000.00', releases: [] });
    // Two approvals at once: one release.
    const approvals = await Promise.all([second.post(approve, { proposal_id: 1 }), second.post(approve, { proposal_id: 1 })]);
    expect(approvals.map((a) => a.status).sort()).toEqual([200, 409]);
    const released = await eventually(
      () => scheduleOf(b, jobId),
      (v) => v.retainage.releases.length === 1,
    );
    expect(released.retainage).toMatchObject({
      held: '0.00',
      releases: [
        {
          release_number: 1,
          approved_by_party: null,
          total: '12000.00',
          status: 'paying',
          payees: [
            { payee_id: seller.companyId, amount: '6000.00', paid: false },
            { payee_id: concrete, amount: '6000.00', paid: false },
          ],
        },
      ],
    });
    // Each payee's release waits for its conditional lien waiver, like a parties' release.
    const { rows } = await app.db.pool.query(
      `SELECT i.company_id, i.status, (SELECT count(*)::int FROM sandbox_ach_submissions x WHERE x.instruction_key = i.instruction_key) AS submitted
         FROM payment_instructions i WHERE i.job_id = $1 AND i.kind = 'progress_payment' AND i.amount = 6000 ORDER BY i.company_id`,
      [jobId],
    );
    expect(rows).toEqual([seller.companyId, concrete].sort((x, y) => x - y).map((company_id) => ({ company_id, status: 'awaiting_waiver', submitted: 0 })));
    const history = JSON.stringify((await b.get(`/api/job/${jobId}/history`)).body);
    expect(history).toContain("Retainage of $12,000.00 released to 2 payees by an administrator's resolution of the retainage dispute.");
    expect(await second.post(approve, { proposal_id: 1 })).toMatchObject({ status: 409, body: { code: 'no_dispute' } });
  });
});
