import type { EventStore } from '@escrow/domain';
import { ProjectionRunner } from '@escrow/projections';

import { signByBoth, submitProject } from '../../test/support/escrow-flows';
import { eventually } from '../../test/support/event-store-fixture';
import { createCompany, type CreatedUser, createSeller, createUser, HttpSession, lastMailTo, TEST_PASSWORD } from '../../test/support/http-session';
import { createTestApp, type TestApp } from '../../test/support/test-app';
import { EVENT_STORE } from '../event-store/event-store.tokens';

/**
 * Issue 12, tried over HTTP the way a hostile party would: every case of the list, each
 * asserting the refusal and that nothing changed, or the exact money when the request is valid.
 */
describe('escrow guarantees no request can break', () => {
  let app: TestApp;
  let buyer: CreatedUser;
  let seller: CreatedUser & { companyId: number };
  let otherSeller: CreatedUser & { companyId: number };
  let sub: number;
  let b: HttpSession;
  let s: HttpSession;

  const login = async (user: CreatedUser) => {
    const session = new HttpSession(app.http);
    await session.login(user.email, TEST_PASSWORD);
    return session;
  };
  const eventCount = async () => (await app.db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM events')).rows[0]!.n;
  const fixed = (amount: string, includeFee = false, jc = seller.companyId) => ({ jc_id: jc, type: 'fixed', amount, includeFee });

  const jobOf = new Map<number, number>();
  /** A submitted project with one proposed milestone: agreeing it makes it ready for money. */
  const readyProject = async (payees: unknown[] = [fixed('1000.00')], amount?: string) => {
    const projectId = (await s.post('/api/job/basic', { customer_id: buyer.userId, service: 'Framing', customerInitiated: false })).body.job_id as number;
    const m = await s.post('/api/milestone', { job_id: projectId, title: 'Frame', definition: 'Framed.', payees, ...(amount ? { amount } : {}) });
    expect(m.status).toBe(201);
    await submitProject(s, projectId);
    jobOf.set(m.body.m_id as number, projectId);
    return { jobId: projectId, id: m.body.m_id as number };
  };
  /** Both parties approve the milestone, then sign the escrow agreement that now lists it. */
  const agree = async (id: number) => {
    expect((await b.post('/api/milestone/approval', { milestone_id: id, approve: true })).status).toBe(200);
    expect((await s.post('/api/milestone/approval', { milestone_id: id, approve: true })).status).toBe(200);
    await signByBoth({ buyer: b, seller: s }, jobOf.get(id)!, { buyer: buyer.name, seller: seller.name });
  };
  const waitQuiet = async () => {
    const runner = app.http.get(ProjectionRunner);
    await eventually(
      () => runner.status(),
      (all) => all.every((p) => p.lagEvents === 0),
    );
  };

  beforeAll(async () => {
    app = await createTestApp({ paymentsSandboxSettleMs: 0 });
    buyer = await createUser(app.db.pool, { firstName: 'Gina', lastName: 'Guard' });
    seller = await createSeller(app.db.pool, { name: 'Honest Framing' });
    otherSeller = await createSeller(app.db.pool, { name: 'Rival Roofing' });
    sub = await createCompany(app.db.pool, { name: 'Sub Electric' });
    b = await login(buyer);
    s = await login(seller);
  }, 60_000);
  afterAll(() => app.close());

  describe('amounts bounded end to end', () => {
    it('refuses an amount whose deposit would not fit with a 422 that says the bound, and keeps every projector running', async () => {
      const projectId = (await s.post('/api/job/basic', { customer_id: buyer.userId, service: 'Framing', customerInitiated: false })).body.job_id;
      const before = await eventCount();
      for (const amount of ['999999999999.99', '977995110.02', '99999999999999999999999999.5', 1e21]) {
        const answer = await s.post('/api/milestone', { job_id: projectId, definition: 'Everything.', payees: [fixed(amount as string)] });
        expect(answer.status).toBe(422);
        expect(answer.body.message).toContain('$999,999,999.99');
      }
      expect((await s.post('/api/milestone', { job_id: projectId, definition: 'Everything.', payees: [fixed('1e21')] })).body.message).toBe(
        'Enter each fixed amount in dollars, with at most two decimals.',
      );
      expect(await eventCount()).toBe(before);
      // The largest milestone the rules accept is stored and projected to the cent.
      const largest = await s.post('/api/milestone', { job_id: projectId, definition: 'Everything.', payees: [fixed('977995110.01')] });
      expect(largest.status).toBe(201);
      const [card] = (await s.get(`/api/job/${projectId}/milestones`)).body;
      expect(card).toMatchObject({ amount: '977995110.01', deposit_total: '999999999.99' });
      await waitQuiet();
      const status = await app.http.get(ProjectionRunner).status();
      expect(status.every((p) => p.state === 'running' && p.parkedStreams.length === 0 && p.openDeadLetters === 0)).toBe(true);
    });
  });

  describe('strings validated once at the edge', () => {
    it('answers 400 to a lone surrogate or NUL in a title, service, reason or signature, and stores nothing', async () => {
      const { jobId: projectId, id } = await readyProject();
      const before = await eventCount();
      const { rows: agreementsBefore } = await app.db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM signed_agreements');
      const agreement = (await b.get(`/api/job/${projectId}/agreement`)).body;
      const attempts = [
        s.post('/api/milestone', { job_id: projectId, title: 'Roof \ud800', definition: 'x', payees: [fixed('10.00')] }),
        s.post('/api/job/basic', { customer_id: buyer.userId, service: 'Roof\udfff', customerInitiated: false }),
        b.post('/api/milestone/approval', { milestone_id: id, reject: true, reason: 'no \ud83d' }),
        b.post(`/api/job/${projectId}/agreement/sign`, { signer_type: 'customer', signed_name: 'Gina \ud800Guard', agreement_hash: agreement.agreement_hash }),
        s.post('/api/milestone', { job_id: projectId, title: 'nul \u0000', definition: 'x', payees: [fixed('10.00')] }),
      ];
      for (const answer of await Promise.all(attempts)) {
        expect(answer.status).toBe(400);
        expect(answer.body.message).toMatch(/NUL character|surrogate/);
      }
      expect(await eventCount()).toBe(before);
      const { rows: agreementsAfter } = await app.db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM signed_agreements');
      expect(agreementsAfter[0]!.n).toBe(agreementsBefore[0]!.n);
      // Whole emoji and right-to-left marks are ordinary text.
      const fine = await s.post('/api/milestone', { job_id: projectId, title: 'Roof 🏠 \u200fشقة', definition: 'Done ✓', payees: [fixed('10.00')] });
      expect(fine.status).toBe(201);
    });
  });

  describe('parties and terms freeze', () => {
    it('moves no money on a draft and refuses to change the parties once submitted', async () => {
      const projectId = (await s.post('/api/job/basic', { customer_id: buyer.userId, service: 'Framing', customerInitiated: false })).body.job_id;
      const id = (await s.post('/api/milestone', { job_id: projectId, definition: 'Framed.', payees: [fixed('500.00')] })).body.m_id;
      expect(await s.post('/api/milestone/approval', { milestone_id: id, approve: true })).toMatchObject({
        status: 409,
        body: { message: 'This project is still a draft: submit it before you approve milestones.' },
      });
      // The draft is the seller's alone: the buyer cannot see it, let alone fund it.
      expect((await b.post('/api/milestone/deposit', { milestone_id: id })).status).toBe(404);
      // While a draft, the creator may still change the parties.
      const moved = await s.put('/api/job/basic', {
        state: { job_id: projectId, customer_id: buyer.userId, service: 'Framing', primary_company_id: seller.companyId, customerInitiated: false },
      });
      expect(moved.status).toBe(200);

      await submitProject(s, projectId);
      jobOf.set(id, projectId);
      await agree(id);
      expect((await b.post('/api/milestone/deposit', { milestone_id: id })).status).toBe(201);
      // After that, neither side can push the other out.
      const o = await login(otherSeller);
      for (const [session, body] of [
        [s, { state: { job_id: projectId, customer_id: (await createUser(app.db.pool)).userId, service: 'Framing', customerInitiated: false } }],
        [
          b,
          {
            state: { job_id: projectId, customer_id: buyer.userId, service: 'Framing', customerInitiated: true },
            primary: { company_id: otherSeller.companyId },
          },
        ],
      ] as const) {
        const answer = await session.put('/api/job/basic', body);
        expect(answer.status).toBeGreaterThanOrEqual(403);
        expect(answer.status).toBeLessThan(500);
      }
      expect(
        (await s.put('/api/job/basic', { state: { job_id: projectId, customer_id: buyer.userId, service: 'Siding', customerInitiated: false } })).body.message,
      ).toBe('The project has been submitted; its buyer, seller and service can no longer change.');
      expect((await o.get(`/api/job/${projectId}`)).status).toBe(403);
      expect((await s.get(`/api/job/${projectId}`)).body).toMatchObject({ primary_company_id: seller.companyId, customer_id: buyer.userId });
    });

    it('lets only the creator discard a draft, and only before it is submitted', async () => {
      const projectId = (await s.post('/api/job/basic', { customer_id: buyer.userId, service: 'Framing', customerInitiated: false })).body.job_id;
      expect((await s.get('/api/projects')).body.some((p: { job_id: number }) => p.job_id === projectId)).toBe(true);
      expect((await b.get('/api/projects')).body.some((p: { job_id: number }) => p.job_id === projectId)).toBe(false);
      expect((await b.delete(`/api/job/${projectId}`)).status).toBe(404);
      expect(await s.delete(`/api/job/${projectId}`)).toMatchObject({ status: 200, body: { job_id: projectId, discarded: true } });
      expect((await s.get(`/api/job/${projectId}`)).status).toBe(404);
      expect((await s.get('/api/projects')).body.some((p: { job_id: number }) => p.job_id === projectId)).toBe(false);
      const { jobId: submitted } = await readyProject();
      expect(await s.delete(`/api/job/${submitted}`)).toMatchObject({
        status: 409,
        body: { message: 'The project has been submitted; it can no longer be discarded.' },
      });
    });
  });

  describe('an Idempotency-Key means one request', () => {
    it('answers 422 to a key reused for another request and records nothing of it', async () => {
      const { jobId: projectId, id } = await readyProject();
      expect((await b.post('/api/milestone/approval', { milestone_id: id, approve: true }, { 'idempotency-key': 'decide-key-0001' })).status).toBe(200);
      const before = await eventCount();
      const reused = await b.post(
        '/api/milestone/approval',
        { milestone_id: id, reject: true, reason: 'changed my mind' },
        { 'idempotency-key': 'decide-key-0001' },
      );
      expect(reused).toMatchObject({
        status: 422,
        body: { message: expect.stringContaining('This Idempotency-Key was already used for a different request') },
      });
      expect(await eventCount()).toBe(before);
      // The very same request again is a retry: answered as the first, nothing appended.
      expect((await b.post('/api/milestone/approval', { milestone_id: id, approve: true }, { 'idempotency-key': 'decide-key-0001' })).status).toBe(200);
      expect(await eventCount()).toBe(before);

      const first = await s.post(
        '/api/milestone',
        { job_id: projectId, definition: 'Roof.', payees: [fixed('100.00')] },
        { 'idempotency-key': 'create-key-0001' },
      );
      expect(first.status).toBe(201);
      const other = await s.post(
        '/api/milestone',
        { job_id: projectId, definition: 'Roof.', payees: [fixed('999.00')] },
        { 'idempotency-key': 'create-key-0001' },
      );
      expect(other.status).toBe(422);
      // Key order in the JSON does not make it another request.
      const same = await s.post(
        '/api/milestone',
        { payees: [{ amount: '100.00', type: 'fixed', jc_id: seller.companyId, includeFee: false }], definition: 'Roof.', job_id: projectId },
        { 'idempotency-key': 'create-key-0001' },
      );
      expect(same).toMatchObject({ status: 201, body: { m_id: first.body.m_id } });
      // Keys are per user: another user's identical key is their own.
      expect(
        (await b.post('/api/milestone', { job_id: projectId, definition: 'Roof.', payees: [fixed('100.00')] }, { 'idempotency-key': 'create-key-0001' }))
          .status,
      ).toBe(201);
    });

    it('finishes a proposal cut between its two appends when it is retried, each stream once', async () => {
      // Found by the PostgreSQL restart test: a proposal appends to the project's stream, then
      // starts the milestone's. The database going away between the two answers 503; the retry
      // with the same key finds the project's half done, appends nothing there, and starts the
      // milestone. The key's events then carry two requests' correlation ids, one per stream.
      const { jobId: projectId } = await readyProject();
      const store = app.http.get<EventStore>(EVENT_STORE);
      const append = store.append.bind(store);
      let cut = 0;
      const appendSpy = jest.spyOn(store, 'append').mockImplementation(async (streamId, events, options) => {
        if (streamId.startsWith('milestone-') && cut++ === 0) throw Object.assign(new Error('Connection terminated unexpectedly'), { code: '57P01' });
        return append(streamId, events, options);
      });
      try {
        const body = { job_id: projectId, title: 'Roof', definition: 'Roofed.', payees: [fixed('300.00')] };
        const first = await s.post('/api/milestone', body, { 'idempotency-key': 'cut-proposal-0001' });
        expect(first).toMatchObject({ status: 503, body: { code: 'database_unavailable' } });
        const retry = await s.post('/api/milestone', body, { 'idempotency-key': 'cut-proposal-0001' });
        expect(retry.status).toBe(201);
        const again = await s.post('/api/milestone', body, { 'idempotency-key': 'cut-proposal-0001' });
        expect(again).toMatchObject({ status: 201, body: { m_id: retry.body.m_id } });
        const { rows } = await app.db.pool.query<{ stream_id: string; events: number; requests: number }>(
          `SELECT stream_id, count(*)::int AS events, count(DISTINCT metadata->>'correlationId')::int AS requests
             FROM events WHERE metadata->>'idempotencyKey' = 'cut-proposal-0001' GROUP BY stream_id ORDER BY stream_id`,
        );
        expect(rows).toEqual([
          { stream_id: `job-${projectId}`, events: 1, requests: 1 },
          { stream_id: `milestone-${retry.body.m_id}`, events: 1, requests: 1 },
        ]);
      } finally {
        appendSpy.mockRestore();
      }
    });

    it('does not count a proposal cut between its two appends and never retried towards submitting', async () => {
      const projectId = (await s.post('/api/job/basic', { customer_id: buyer.userId, service: 'Roofing', customerInitiated: false })).body.job_id;
      const store = app.http.get<EventStore>(EVENT_STORE);
      const append = store.append.bind(store);
      const appendSpy = jest.spyOn(store, 'append').mockImplementation(async (streamId, events, options) => {
        if (streamId.startsWith('milestone-')) throw Object.assign(new Error('Connection terminated unexpectedly'), { code: '57P01' });
        return append(streamId, events, options);
      });
      try {
        const cut = await s.post('/api/milestone', { job_id: projectId, title: 'Roof', definition: 'Roofed.', payees: [fixed('300.00')] });
        expect(cut).toMatchObject({ status: 503, body: { code: 'database_unavailable' } });
      } finally {
        appendSpy.mockRestore();
      }
      // The project's stream lists it, but no one ever saw the milestone: the project has none.
      const submit = () => s.put(`/api/job/${projectId}/draft`, { isDraft: false, job_id: projectId });
      expect(await submit()).toMatchObject({ status: 409, body: { code: 'milestone_required' } });
      expect((await s.post('/api/milestone', { job_id: projectId, title: 'Roof', definition: 'Roofed.', payees: [fixed('300.00')] })).status).toBe(201);
      expect((await submit()).status).toBe(200);
    });

    it('answers a retried signature like the first (found by the simulation: the retry got 409)', async () => {
      const projectId = (await s.post('/api/job/basic', { customer_id: buyer.userId, service: 'Framing', customerInitiated: false })).body.job_id;
      await s.post('/api/milestone', { job_id: projectId, definition: 'Framed.', payees: [fixed('10.00')] });
      await submitProject(s, projectId);
      const { agreement_hash: hash } = (await b.get(`/api/job/${projectId}/agreement`)).body;
      const sign = (key?: string) =>
        b.post(
          `/api/job/${projectId}/agreement/sign`,
          { signer_type: 'customer', signed_name: buyer.name, agreement_hash: hash },
          key ? { 'idempotency-key': key } : {},
        );
      const [first, copy] = await Promise.all([sign('sign-key-00001'), sign('sign-key-00001')]);
      expect([first.status, copy.status]).toEqual([200, 200]);
      expect((await sign('sign-key-00001')).status).toBe(200);
      expect((await sign('sign-key-00002')).status).toBe(409);
      const { rows } = await app.db.pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM events WHERE stream_id = $1 AND type = 'ProjectAgreementSigned'`,
        [`job-${projectId}`],
      );
      expect(rows[0]!.n).toBe(1);
    });

    it('answers a replayed deposit with its status now, not the pending of the first answer', async () => {
      const { id } = await readyProject();
      await agree(id);
      const first = await b.post('/api/milestone/deposit', { milestone_id: id }, { 'idempotency-key': 'deposit-key-0042' });
      expect(first).toMatchObject({ status: 201, body: { payment_status: 'pending' } });
      await eventually(
        () => b.get(`/api/milestone/${id}/deposits`),
        (a) => a.body[0]?.payment_status === 'settled',
      );
      const replay = await b.post('/api/milestone/deposit', { milestone_id: id }, { 'idempotency-key': 'deposit-key-0042' });
      expect(replay).toMatchObject({ status: 201, body: { md_id: first.body.md_id, payment_status: 'settled', deposit_complete: true } });
    });
  });

  describe('exact splits and fees (docs/money.md#the-rules)', () => {
    it('allocates percent shares that total 100% exactly and takes the fee as docs/money.md#the-rules says', async () => {
      const projectId = (await s.post('/api/job/basic', { customer_id: buyer.userId, service: 'Framing', customerInitiated: false })).body.job_id;
      const halves = await s.post('/api/milestone', {
        job_id: projectId,
        definition: 'Halves.',
        amount: '100.01',
        payees: [
          { jc_id: seller.companyId, type: 'percent', percentage: 50 },
          { jc_id: sub, type: 'percent', percentage: 50 },
        ],
      });
      expect(halves.status).toBe(201);
      expect((await s.get(`/api/milestone/${halves.body.m_id}/payees`)).body.map((p: { amount: string }) => p.amount)).toEqual(['50.01', '50.00']);
      const thirds = await s.post('/api/milestone', {
        job_id: projectId,
        definition: 'Thirds.',
        amount: '100.01',
        payees: [
          { jc_id: seller.companyId, type: 'percent', percentage: '33.33' },
          { jc_id: sub, type: 'percent', percentage: '33.33' },
          { jc_id: otherSeller.companyId, type: 'percent', percentage: '33.34' },
        ],
      });
      expect(thirds.status).toBe(201);
      const included = await s.post('/api/milestone', { job_id: projectId, definition: 'Fee included.', payees: [fixed('10.00', true)] });
      expect((await s.get(`/api/milestone/${included.body.m_id}/payees`)).body[0]).toMatchObject({
        amount: '10.00',
        net: '9.78',
        fee: '0.22',
        amt_bc_owes: '10.00',
      });
      const tiny = await s.post('/api/milestone', {
        job_id: projectId,
        definition: 'Tiny.',
        payees: [fixed('0.20'), fixed('0.20', false, sub), fixed('0.20', false, otherSeller.companyId)],
      });
      const [card] = (await s.get(`/api/job/${projectId}/milestones`)).body.filter((m: { m_id: number }) => m.m_id === tiny.body.m_id);
      expect(card).toMatchObject({ amount: '0.60', fee_total: '0.01', deposit_total: '0.61' });
    });
  });

  describe('cleared funds', () => {
    let windowApp: TestApp;
    afterAll(() => windowApp?.close());

    it('pays nothing before the return window ends, then pays; a late return un-funds the milestone and tells both parties', async () => {
      windowApp = await createTestApp({ paymentsSandboxSettleMs: 0, paymentsReturnWindow: { unit: 'ms', ms: 2500 } });
      const pool = windowApp.db.pool;
      const wBuyer = await createUser(pool, { firstName: 'Wanda', lastName: 'Window' });
      const wSeller = await createSeller(pool, { name: 'Patient Builders' });
      const wb = new HttpSession(windowApp.http);
      await wb.login(wBuyer.email, TEST_PASSWORD);
      const ws = new HttpSession(windowApp.http);
      await ws.login(wSeller.email, TEST_PASSWORD);
      const project = async () => {
        const projectId = (await ws.post('/api/job/basic', { customer_id: wBuyer.userId, service: 'Framing', customerInitiated: false })).body.job_id as number;
        const id = (
          await ws.post('/api/milestone', {
            job_id: projectId,
            definition: 'Framed.',
            payees: [{ jc_id: wSeller.companyId, type: 'fixed', amount: '2000.00' }],
          })
        ).body.m_id as number;
        await submitProject(ws, projectId);
        await wb.post('/api/milestone/approval', { milestone_id: id, approve: true });
        await ws.post('/api/milestone/approval', { milestone_id: id, approve: true });
        await signByBoth({ buyer: wb, seller: ws }, projectId, { buyer: wBuyer.name, seller: wSeller.name });
        return { jobId: projectId, id };
      };

      // Completed by both while the funds clear: the payout waits for the clearing.
      const clearing = await project();
      await wb.post('/api/milestone/deposit', { milestone_id: clearing.id });
      const settled = await eventually(
        () => wb.get(`/api/milestone/${clearing.id}/deposits`),
        (a) => a.body[0]?.payment_status === 'settled',
      );
      expect(settled.body[0].cleared_at).toBeNull();
      await ws.put(`/api/milestone/${clearing.id}/complete`, { complete: true });
      const both = await wb.put(`/api/milestone/${clearing.id}/complete`, { complete: true });
      expect(both.body).toMatchObject({ marked_complete_by_both: true, funds_cleared: false, funds_clear_at: settled.body[0].clears_at });
      expect((await ws.get(`/api/milestone/${clearing.id}/disbursements`)).body).toEqual([]);
      const paid = await eventually(
        () => ws.get(`/api/milestone/${clearing.id}/disbursements`),
        (a) => a.body[0]?.status === 'paid',
        15_000,
      );
      expect(paid.body[0]).toMatchObject({ amount: '2000.00', fee: '45.00' });
      const { rows: clearedAt } = await pool.query(`SELECT data->>'at' AS at FROM events WHERE type = 'DepositCleared'`);
      expect(Date.parse(clearedAt[0].at)).toBeGreaterThanOrEqual(Date.parse(settled.body[0].clears_at));

      // The sandbox's late-return account (…0003): settled, then returned inside the window.
      const returned = await project();
      const linked = await wb.post('/api/bank-accounts', {
        purpose: 'deposit',
        job_id: returned.jobId,
        holder_name: wBuyer.name,
        routing_number: '011000015',
        account_number: '000123450003',
      });
      expect(linked.body.last4).toBe('0003');
      await wb.post('/api/milestone/deposit', { milestone_id: returned.id });
      const back = await eventually(
        () => wb.get(`/api/milestone/${returned.id}/deposits`),
        (a) => a.body[0]?.payment_status === 'returned',
        15_000,
      );
      expect(back.body[0]).toMatchObject({ return_code: 'R01', deposit_complete: false });
      const [card] = (await wb.get(`/api/job/${returned.jobId}/milestones`)).body;
      expect(card).toMatchObject({ funded: false, held: '0.00', locked: false });
      expect(await ws.put(`/api/milestone/${returned.id}/complete`, { complete: true })).toMatchObject({ status: 409 });
      await eventually(
        () => lastMailTo(pool, wSeller.email),
        (mail) => mail?.subject.startsWith('Deposit returned by the bank') === true,
      );
      expect((await lastMailTo(pool, wBuyer.email))?.body).toContain('R01');
      const { rows: ledger } = await pool.query<{ account: string; balance: string }>(
        `SELECT account, sum(amount)::text AS balance FROM ledger_entries WHERE job_id = $1 GROUP BY account ORDER BY account`,
        [returned.jobId],
      );
      expect(ledger).toEqual([
        { account: 'buyer_funding', balance: '0.00' },
        { account: 'escrow', balance: '0.00' },
      ]);
      const history = (await wb.get(`/api/job/${returned.jobId}/history`)).body as { type: string; summary: string }[];
      expect(history.find((h) => h.type === 'DepositReturned')!.summary).toContain("returned by the buyer's bank");
      // The provider was handed each instruction exactly once.
      const { rows: submits } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM sandbox_ach_submissions WHERE submit_count <> 1');
      expect(submits[0]!.n).toBe(0);
    }, 60_000);
  });
});
