import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

import type { EventStore, WebhookDeliveryDetailView, WebhookDeliveryView, WebhookPayload } from '@escrow/domain';
import ts from 'typescript';

import { signByBoth } from '../../test/support/escrow-flows';
import { createParties, createSignedProject, type EscrowParties, proposeMilestone, runMilestone } from '../../test/support/escrow-project';
import { eventually } from '../../test/support/event-store-fixture';
import { createSeller, createUser, enrolTotp, HttpSession, startSession } from '../../test/support/http-session';
import { createTestApp, type TestApp } from '../../test/support/test-app';
import { WebhookReceiver } from '../../test/support/webhook-receiver';
import { createApp } from '../bootstrap';
import { STORED_EVENT_STORE } from '../event-store/event-store.tokens';
import { SessionCache } from '../identity';
import { UNOPENABLE_SECRET, WebhookSecretBox } from './secret-box';
import { newWebhookSecret } from './signatures';
import { WebhookEndpoints } from './webhook-endpoints';

/** The signature check of docs/webhooks.md, compiled from the page itself: the sample integrators copy must work. */
function docsSample(): (rawBody: string, header: string, secret: string, toleranceSeconds?: number) => boolean {
  const page = readFileSync(resolve(__dirname, '../../../docs/webhooks.md'), 'utf8');
  const code = /<!-- signature-sample -->\s*```ts\n([\s\S]*?)```/.exec(page)![1]!;
  const js = ts.transpileModule(code, { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 } }).outputText;
  const exports: Record<string, unknown> = {};
  new Function('require', 'exports', js)(require, exports);
  return exports.verifyEscrowSignature as ReturnType<typeof docsSample>;
}

const TIMEOUT_MS = 400;

describe('webhooks', () => {
  let app: TestApp;
  let receiver: WebhookReceiver;
  let parties: EscrowParties;
  let admin: HttpSession;
  let outsider: HttpSession;
  const verifySignature = docsSample();

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    app = await createTestApp({
      paymentsSandboxSettleMs: 0,
      webhooks: { run: true, allowHttpLoopback: true, timeoutMs: TIMEOUT_MS, retryBaseMs: 100, retryForMs: 86_400_000, secretOverlapMs: 86_400_000 },
    });
    parties = await createParties(app);
    const session = async (userId: number) => new HttpSession(app.http).setCookie('sid', await startSession(app.db.pool, userId));
    admin = await session((await createUser(app.db.pool, { role: 'admin' })).userId);
    outsider = await session((await createSeller(app.db.pool, { name: 'Outsider Roofing', services: ['Roofing'], factor: 'totp' })).userId);
    // Company users manage webhook endpoints only with a second factor (issue 25).
    await enrolTotp(app.db.pool, parties.seller.userId);
    await app.http.get(SessionCache).revoke({ userId: parties.seller.userId });
  }, 60_000);
  afterAll(async () => {
    await app.close();
    await receiver.close();
  });

  /** What the database holds of an endpoint's secrets: secret, previous_secret, then each rotation's. */
  const storedSecrets = async (endpointId: number): Promise<string[]> => {
    const { rows } = await app.db.pool.query<{ value: string }>(
      `SELECT value FROM (SELECT 1 AS o, secret AS value FROM webhook_endpoints WHERE endpoint_id = $1
                         UNION ALL SELECT 2, previous_secret FROM webhook_endpoints WHERE endpoint_id = $1 AND previous_secret IS NOT NULL
                         UNION ALL SELECT 3, secret FROM webhook_secret_rotations WHERE endpoint_id = $1) s ORDER BY o`,
      [endpointId],
    );
    return rows.map((r) => r.value);
  };

  const register = (session: HttpSession, path: string, kinds: string[], key?: string) =>
    session.post('/api/webhooks/endpoints', { url: receiver.url(path), kinds, description: `receiver ${path}` }, key ? { 'idempotency-key': key } : {});

  it('registers an endpoint with a secret shown once, and refuses what it must', async () => {
    const created = await register(parties.sessions.seller, '/first', ['deposit.settled'], 'register-first-0001');
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ url: receiver.url('/first'), kinds: ['deposit.settled'], company_id: parties.seller.companyId, enabled: true });
    expect(created.body.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    // A retried registration answers the first one; a list never shows a secret.
    const retry = await register(parties.sessions.seller, '/first', ['deposit.settled'], 'register-first-0001');
    expect(retry.body).toEqual(created.body);
    const list = await parties.sessions.seller.get('/api/webhooks/endpoints');
    expect(list.body.map((e: { id: number }) => e.id)).toEqual([created.body.id]);
    expect(JSON.stringify(list.body)).not.toContain('whsec_');

    const refused = async (body: object, session = parties.sessions.seller) => {
      const answer = await session.post('/api/webhooks/endpoints', body);
      return [answer.status, answer.body.message];
    };
    expect(await refused({ url: 'https://10.0.0.7/hook', kinds: ['deposit.settled'] })).toEqual([400, expect.stringContaining('not a public address')]);
    expect(await refused({ url: 'https://169.254.169.254/latest/meta-data', kinds: ['deposit.settled'] })).toEqual([
      400,
      expect.stringContaining('not a public address'),
    ]);
    expect(await refused({ url: 'http://hooks.example.com/x', kinds: ['deposit.settled'] })).toEqual([400, expect.stringContaining('https://')]);
    expect(await refused({ url: 'https://hooks.example.com/x', kinds: ['payment.sent'] })).toEqual([400, expect.stringContaining('Each kind is one of')]);
    expect(await refused({ url: 'https://hooks.example.com/x', kinds: ['deposit.settled'] }, parties.sessions.buyer)).toEqual([
      403,
      'Only contractor company users and administrators manage webhooks.',
    ]);
    // Another company's endpoint does not exist for them.
    expect((await outsider.get(`/api/webhooks/endpoints/${created.body.id}/deliveries`)).status).toBe(404);
    expect((await outsider.put(`/api/webhooks/endpoints/${created.body.id}`, { enabled: false })).status).toBe(404);
    expect((await parties.sessions.seller.delete(`/api/webhooks/endpoints/${created.body.id}`)).body).toEqual({ id: created.body.id, deleted: true });
  });

  it('delivers every subscribed event at least once through a failure, a time-out and a late answer, signed, with one delivery id', async () => {
    // Each delivery: first a 500, then an answer too late for the time-out, then 200.
    receiver.reply = ({ seen }) => (seen === 0 ? { status: 500 } : seen === 1 ? { status: 200, delayMs: TIMEOUT_MS * 3 } : { status: 200 });
    const seller = await register(parties.sessions.seller, '/seller', ['milestone.agreed', 'deposit.settled', 'disbursement.paid']);
    const everything = await register(admin, '/admin', ['milestone.agreed', 'deposit.settled', 'disbursement.paid', 'dispute.opened', 'retainage.released']);
    const stranger = await register(outsider, '/outsider', ['milestone.agreed', 'deposit.settled', 'disbursement.paid']);
    expect([seller.status, everything.status, stranger.status]).toEqual([201, 201, 201]);
    expect(everything.body.company_id).toBeNull();

    const { jobId: projectId, firstMilestone } = await createSignedProject(parties);
    await runMilestone(parties, firstMilestone, 'paid');
    const { rows: events } = await app.db.pool.query<{ event_id: string; type: string; correlation_id: string }>(
      `SELECT event_id, type, metadata->>'correlationId' AS correlation_id FROM events
        WHERE type IN ('MilestoneVersionAgreed', 'DepositSettled', 'DisbursementPaid') ORDER BY global_position`,
    );
    expect(events.map((e) => e.type)).toEqual(['MilestoneVersionAgreed', 'DepositSettled', 'DisbursementPaid']);
    await eventually(
      async () => receiver.deliveredEventIds('/seller').size + receiver.deliveredEventIds('/admin').size,
      (n) => n === 6,
      20_000,
    );
    expect([...receiver.deliveredEventIds('/seller')].sort()).toEqual(events.map((e) => e.event_id).sort());

    const toSeller = receiver.requests.filter((r) => r.path === '/seller');
    for (const request of toSeller) {
      expect(verifySignature(request.body, String(request.headers['escrow-signature']), seller.body.secret)).toBe(true);
      expect(verifySignature(request.body, String(request.headers['escrow-signature']), everything.body.secret)).toBe(false);
      expect(JSON.parse(request.body).id).toBe(request.headers['escrow-delivery-id']);
      // Sent with the id of the request (or worker pass) that appended its event: one id in both parties' logs.
      expect(request.headers['escrow-correlation-id']).toBe(events.find((e) => e.event_id === request.headers['escrow-event-id'])!.correlation_id);
    }
    // Three attempts per delivery, all with the same id; the body is the same bytes each time.
    const byDelivery = new Map<string, typeof toSeller>();
    for (const r of toSeller) byDelivery.set(String(r.headers['escrow-delivery-id']), [...(byDelivery.get(String(r.headers['escrow-delivery-id'])) ?? []), r]);
    expect([...byDelivery.values()].map((attempts) => attempts.length)).toEqual([3, 3, 3]);
    for (const attempts of byDelivery.values()) expect(new Set(attempts.map((a) => a.body)).size).toBe(1);

    const settled = JSON.parse(toSeller.find((r) => r.headers['escrow-event-kind'] === 'deposit.settled')!.body) as WebhookPayload;
    expect(settled).toMatchObject({
      kind: 'deposit.settled',
      project_id: projectId,
      milestone_id: settled.milestone_original_id,
      event: { type: 'DepositSettled', stream: `milestone-${settled.milestone_original_id}`, hash: expect.stringMatching(/^[0-9a-f]{64}$/) },
      data: { amount: '102.25' },
    });

    // The log: status, latency, next try, each attempt's outcome. The receiver counts a request
    // as answered when it sends its 200; the deliverer records it when the answer arrives, a
    // moment later on a busy machine.
    const log = await eventually(
      () => parties.sessions.seller.get(`/api/webhooks/endpoints/${seller.body.id}/deliveries`),
      (answer) => Array.isArray(answer.body) && (answer.body as { status: string }[]).every((d) => d.status !== 'pending'),
      10_000,
    );
    expect(log.body).toHaveLength(3);
    for (const d of log.body) expect(d).toMatchObject({ status: 'delivered', attempts: 3, last_status_code: 200, next_attempt_at: null });
    const detail = (await parties.sessions.seller.get(`/api/webhooks/deliveries/${settled.id}`)).body as WebhookDeliveryDetailView;
    expect(detail.attempts_log.map((a) => [a.attempt, a.status_code, a.error?.replace(/\d+/g, 'N') ?? null])).toEqual([
      [1, 500, 'answered N'],
      [2, null, 'no answer within N ms'],
      [3, 200, null],
    ]);
    expect(detail.attempts_log[0]!.next_attempt_at).not.toBeNull();
    expect(detail.attempts_log[1]!.latency_ms).toBeGreaterThanOrEqual(TIMEOUT_MS);
    expect(detail.payload).toEqual(settled);

    // The outsider's company is no party: it heard nothing. Nor did anyone of kinds they did not choose.
    expect(receiver.requests.filter((r) => r.path === '/outsider')).toEqual([]);
    expect((await outsider.get(`/api/webhooks/deliveries/${settled.id}`)).status).toBe(404);

    // A manual re-send: same id, same body, logged as manual.
    receiver.reply = () => ({ status: 204 });
    const before = receiver.requests.length;
    expect((await parties.sessions.seller.post(`/api/webhooks/deliveries/${settled.id}/resend`)).status).toBe(202);
    await eventually(
      async () => receiver.requests.length,
      (n) => n > before,
    );
    expect(receiver.requests[before]!.headers['escrow-delivery-id']).toBe(settled.id);
    const resent = await eventually(
      async () => (await parties.sessions.seller.get(`/api/webhooks/deliveries/${settled.id}`)).body as WebhookDeliveryDetailView,
      (d) => d.attempts_log.length === 4 && d.status === 'delivered',
    );
    expect(resent.attempts_log[3]).toMatchObject({ manual: true, status_code: 204 });
    expect(resent.manual_resends).toBe(1);
  }, 60_000);

  it('signs with both secrets during a rotation, and with the new one alone after it', async () => {
    receiver.reply = () => ({ status: 200 });
    const endpoint = await register(parties.sessions.seller, '/rotating', ['milestone.agreed']);
    const rotated = await parties.sessions.seller.post(
      `/api/webhooks/endpoints/${endpoint.body.id}/rotate-secret`,
      {},
      { 'idempotency-key': 'rotate-0001-aa' },
    );
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).not.toBe(endpoint.body.secret);
    expect(Date.parse(rotated.body.previous_secret_expires_at)).toBeGreaterThan(Date.now() + 23 * 3600_000);
    // The same rotation retried answers the same secret, and does not rotate again.
    const again = await parties.sessions.seller.post(`/api/webhooks/endpoints/${endpoint.body.id}/rotate-secret`, {}, { 'idempotency-key': 'rotate-0001-aa' });
    expect(again.body.secret).toBe(rotated.body.secret);
    // At rest the database holds neither secret, only values sealed with the installation's key.
    const stored = await storedSecrets(endpoint.body.id);
    expect(stored).toHaveLength(3);
    for (const value of stored) {
      expect(value).toMatch(/^v1:/);
      expect(value).not.toContain(endpoint.body.secret);
      expect(value).not.toContain(rotated.body.secret);
    }

    const { jobId: projectId } = await createSignedProject(parties);
    await runMilestone(parties, await proposeMilestone(parties, projectId, '10.00'), 'agreed');
    const during = await eventually(
      async () => receiver.requests.filter((r) => r.path === '/rotating'),
      (list) => list.length === 1,
    );
    const header = String(during[0]!.headers['escrow-signature']);
    expect(header.match(/v1=/g)).toHaveLength(2);
    expect(verifySignature(during[0]!.body, header, endpoint.body.secret)).toBe(true);
    expect(verifySignature(during[0]!.body, header, rotated.body.secret)).toBe(true);

    const ended = await parties.sessions.seller.post(`/api/webhooks/endpoints/${endpoint.body.id}/rotate-secret`, { overlap_hours: 0 });
    expect(ended.body.previous_secret_expires_at).toBeNull();
    await runMilestone(parties, await proposeMilestone(parties, projectId, '11.00'), 'agreed');
    const after = await eventually(
      async () => receiver.requests.filter((r) => r.path === '/rotating'),
      (list) => list.length === 2,
    );
    const lastHeader = String(after[1]!.headers['escrow-signature']);
    expect(lastHeader.match(/v1=/g)).toHaveLength(1);
    expect(verifySignature(after[1]!.body, lastHeader, ended.body.secret)).toBe(true);
    expect(verifySignature(after[1]!.body, lastHeader, rotated.body.secret)).toBe(false);
  }, 60_000);

  it('delivers progress billing: the schedule, pay applications, their certification and change orders, to the seller only (issue 38)', async () => {
    receiver.reply = () => ({ status: 200 });
    const kinds = [
      'schedule.approved',
      'pay_application.submitted',
      'pay_application.certified',
      'pay_application.accepted',
      'pay_application.payment_released',
      'change_order.proposed',
      'change_order.approved',
      'change_order.rejected',
    ];
    expect((await register(parties.sessions.seller, '/billing', kinds)).status).toBe(201);
    expect((await register(outsider, '/billing-outsider', kinds)).status).toBe(201);
    const { buyer, seller } = parties.sessions;
    const created = await seller.post('/api/job/basic', {
      customer_id: parties.buyer.userId,
      customer_name: parties.buyer.name,
      service: 'General Contracting',
      primary_company_id: parties.seller.companyId,
      customerInitiated: false,
    });
    const jobId = created.body.job_id as number;
    await seller.put(`/api/job/${jobId}/billing`, { method: 'progress' });
    await seller.put(`/api/job/${jobId}/draft`, { isDraft: false, job_id: jobId });
    const proposed = await seller.post(`/api/job/${jobId}/schedule`, {
      lines: [{ number: '1', description: 'Site work', scheduled_value: '1000.00', payee_id: parties.seller.companyId, retainage: { rate: '10' } }],
    });
    expect((await buyer.post(`/api/job/${jobId}/schedule/${proposed.body.versions[0].version_id}/approve`)).status).toBe(200);
    expect((await seller.post(`/api/job/${jobId}/pay-applications`, { period_to: '2026-11-30', lines: [{ line: '1', work_amount: '400.00' }] })).status).toBe(
      201,
    );
    expect((await buyer.post(`/api/job/${jobId}/pay-applications/1/certify`, { revision: 1, lines: [{ line: '1', decision: 'as_billed' }] })).status).toBe(200);
    const order = await seller.post(`/api/job/${jobId}/change-orders`, { reason: 'A larger site.', changes: [{ line: '1', scheduled_value: '1200.00' }] });
    expect((await buyer.post(`/api/job/${jobId}/change-orders/${order.body.change_orders[0].change_order_id}/approve`)).status).toBe(200);
    const second = await seller.post(`/api/job/${jobId}/change-orders`, { reason: 'Fencing.', changes: [{ line: '1', scheduled_value: '1300.00' }] });
    expect((await buyer.post(`/api/job/${jobId}/change-orders/${second.body.change_orders[1].change_order_id}/reject`, { reason: 'Not now.' })).status).toBe(
      200,
    );

    const delivered = await eventually(
      async () => receiver.requests.filter((r) => r.path === '/billing' && r.answered === 200).map((r) => JSON.parse(r.body) as WebhookPayload),
      (payloads) => payloads.filter((p) => p.project_id === jobId).length > kinds.length,
    );
    const ofProject = delivered.filter((p) => p.project_id === jobId);
    // Two change orders were proposed: one approved, one rejected.
    expect(ofProject.map((p) => p.kind).sort()).toEqual([...kinds, 'change_order.proposed'].sort());
    for (const payload of ofProject) expect(payload).toMatchObject({ milestone_original_id: null, event: { stream: `billing-${jobId}` } });
    expect(ofProject.find((p) => p.kind === 'pay_application.certified')).toMatchObject({
      actor: { kind: 'customer', user_id: parties.buyer.userId },
      data: { applicationNumber: 1, byRole: 'buyer', summary: { currentPaymentDue: '360.00' } },
    });
    expect(ofProject.find((p) => p.kind === 'pay_application.payment_released')).toMatchObject({
      data: { total: '360.00', payees: [{ payeeId: parties.seller.companyId, amount: '360.00' }] },
    });
    // Another company hears nothing of a project it is not the seller of.
    expect(receiver.requests.filter((r) => r.path === '/billing-outsider')).toEqual([]);
  });

  it("delivers progress billing's money: the deposit settled, the payment funded, each payout paid (issue 38)", async () => {
    receiver.reply = () => ({ status: 200 });
    const kinds = ['billing_deposit.settled', 'pay_application.payment_funded', 'billing_payout.paid'];
    expect((await register(parties.sessions.seller, '/billing-money', kinds)).status).toBe(201);
    const { buyer, seller } = parties.sessions;
    const created = await seller.post('/api/job/basic', {
      customer_id: parties.buyer.userId,
      customer_name: parties.buyer.name,
      service: 'General Contracting',
      primary_company_id: parties.seller.companyId,
      customerInitiated: false,
    });
    const jobId = created.body.job_id as number;
    await seller.put(`/api/job/${jobId}/billing`, { method: 'progress' });
    await seller.put(`/api/job/${jobId}/draft`, { isDraft: false, job_id: jobId });
    const proposed = await seller.post(`/api/job/${jobId}/schedule`, {
      lines: [{ number: '1', description: 'Site work', scheduled_value: '1000.00', payee_id: parties.seller.companyId, retainage: { rate: '10' } }],
    });
    expect((await buyer.post(`/api/job/${jobId}/schedule/${proposed.body.versions[0].version_id}/approve`)).status).toBe(200);
    await signByBoth({ buyer, seller }, jobId, { buyer: parties.buyer.name, seller: parties.seller.name });
    expect((await buyer.post(`/api/job/${jobId}/billing/deposits`, { amount: '400.00' })).status).toBe(201);
    expect((await seller.post(`/api/job/${jobId}/pay-applications`, { period_to: '2026-11-30', lines: [{ line: '1', work_amount: '400.00' }] })).status).toBe(
      201,
    );
    expect((await buyer.post(`/api/job/${jobId}/pay-applications/1/certify`, { revision: 1, lines: [{ line: '1', decision: 'as_billed' }] })).status).toBe(200);

    const delivered = await eventually(
      async () =>
        receiver.requests
          .filter((r) => r.path === '/billing-money' && r.answered === 200)
          .map((r) => JSON.parse(r.body) as WebhookPayload)
          .filter((p) => p.project_id === jobId),
      (payloads) => payloads.length === kinds.length,
      15_000,
    );
    expect(delivered.map((p) => p.kind).sort()).toEqual([...kinds].sort());
    for (const payload of delivered) expect(payload).toMatchObject({ milestone_original_id: null, event: { stream: `billing-${jobId}` } });
    expect(delivered.find((p) => p.kind === 'billing_deposit.settled')).toMatchObject({ data: { amount: '400.00', fee: '9.00' } });
    expect(delivered.find((p) => p.kind === 'pay_application.payment_funded')).toMatchObject({ data: { applicationNumber: 1 } });
    expect(delivered.find((p) => p.kind === 'billing_payout.paid')).toMatchObject({
      data: { payeeId: parties.seller.companyId, amount: '360.00', payment: { kind: 'application', applicationNumber: 1 } },
    });
  });

  it('delivers a kind whose events did not exist when it was listed (retainage.released) from the list alone', async () => {
    receiver.reply = () => ({ status: 200 });
    const { rows } = await app.db.pool.query<{ job_id: number }>('SELECT job_id FROM jobs ORDER BY job_id LIMIT 1');
    const store = app.http.get<symbol, EventStore>(STORED_EVENT_STORE);
    const id = randomUUID();
    await store.append(`retainage-${rows[0]!.job_id}`, [
      {
        id,
        type: 'RetainageReleased',
        data: { jobId: rows[0]!.job_id, amount: '50.00' },
        metadata: { actorId: '0', actorRole: 'system', correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString(), schemaVersion: 1 },
      },
    ]);
    await eventually(
      async () => receiver.deliveredEventIds('/admin'),
      (ids) => ids.has(id),
    );
    const request = receiver.requests.find((r) => r.headers['escrow-event-id'] === id)!;
    expect(JSON.parse(request.body)).toMatchObject({ kind: 'retainage.released', project_id: rows[0]!.job_id, data: { amount: '50.00' } });
  });

  it('seals the plain secrets stored before sealing when a process starts, and they keep signing', async () => {
    receiver.reply = () => ({ status: 200 });
    const endpoint = await register(parties.sessions.seller, '/legacy', ['milestone.agreed']);
    const [current, previous] = [newWebhookSecret(), newWebhookSecret()];
    // As a release before sealing left them: plain text in all three columns.
    const writePlain = async () => {
      await app.db.pool.query(
        `UPDATE webhook_endpoints SET secret = $2, previous_secret = $3, previous_secret_expires_at = now() + interval '1 day' WHERE endpoint_id = $1`,
        [endpoint.body.id, current, previous],
      );
      await app.db.pool.query(
        `INSERT INTO webhook_secret_rotations (actor_id, idempotency_key, endpoint_id, secret) VALUES ($1, 'legacy-rotation-01', $2, $3)
         ON CONFLICT (actor_id, idempotency_key) DO UPDATE SET secret = excluded.secret`,
        [parties.seller.userId, endpoint.body.id, current],
      );
    };
    await writePlain();
    expect(await storedSecrets(endpoint.body.id)).toEqual([current, previous, current]);

    // Another API process starts on this database (with the same key) and seals them.
    const restarted = await createApp({ ...app.config, webhooks: { ...app.config.webhooks, run: false } }, { logger: false });
    try {
      const sealed = await storedSecrets(endpoint.body.id);
      for (const value of sealed) {
        expect(value).toMatch(/^v1:/);
        expect(value).not.toContain(current);
        expect(value).not.toContain(previous);
      }
      // A rotation retried through it answers the plain secret it made, as before.
      const seller = new HttpSession(restarted.app).setCookie('sid', await startSession(app.db.pool, parties.seller.userId));
      const retried = await seller.post(`/api/webhooks/endpoints/${endpoint.body.id}/rotate-secret`, {}, { 'idempotency-key': 'legacy-rotation-01' });
      expect([retried.status, retried.body.secret]).toEqual([200, current]);

      // Processes starting together: each seals what it finds still plain, the rows locked, so one does it all.
      await writePlain();
      const counts = await Promise.all([app.http.get(WebhookEndpoints).sealPlainSecrets(), restarted.app.get(WebhookEndpoints).sealPlainSecrets()]);
      expect(counts.sort()).toEqual([0, 2]);
      const box = app.http.get(WebhookSecretBox);
      expect((await storedSecrets(endpoint.body.id)).map((value) => [value.slice(0, 3), box.open(value)])).toEqual([
        ['v1:', current],
        ['v1:', previous],
        ['v1:', current],
      ]);
    } finally {
      await restarted.close();
    }

    // The deliverer signs with both secrets, opened.
    const { jobId: projectId } = await createSignedProject(parties);
    await runMilestone(parties, await proposeMilestone(parties, projectId, '10.00'), 'agreed');
    const [request] = await eventually(
      async () => receiver.requests.filter((r) => r.path === '/legacy'),
      (list) => list.length === 1,
    );
    const header = String(request!.headers['escrow-signature']);
    expect(header.match(/v1=/g)).toHaveLength(2);
    expect(verifySignature(request!.body, header, current)).toBe(true);
    expect(verifySignature(request!.body, header, previous)).toBe(true);
  }, 60_000);

  it('fails the attempts of a secret sealed with another key with a clear error, answers 409 for it, and keeps delivering the rest', async () => {
    receiver.reply = () => ({ status: 200 });
    const seller = parties.sessions.seller;
    const endpoint = await register(seller, '/lost-key', ['milestone.agreed'], 'register-lost-key-01');
    // The installation's key was replaced since this secret was sealed.
    const otherKey = new WebhookSecretBox({ webhookSecretsKey: randomBytes(32), dataDir: '/nonexistent' });
    await app.db.pool.query('UPDATE webhook_endpoints SET secret = $2 WHERE endpoint_id = $1', [endpoint.body.id, otherKey.seal(endpoint.body.secret)]);

    const retried = await register(seller, '/lost-key', ['milestone.agreed'], 'register-lost-key-01');
    expect([retried.status, retried.body.message]).toEqual([
      409,
      "This endpoint's signing secret cannot be decrypted with this installation's WEBHOOK_SECRETS_KEY; rotate the secret.",
    ]);

    const { jobId: projectId } = await createSignedProject(parties);
    await runMilestone(parties, await proposeMilestone(parties, projectId, '12.00'), 'agreed');
    const [failing] = await eventually(
      async () => (await seller.get(`/api/webhooks/endpoints/${endpoint.body.id}/deliveries`)).body as WebhookDeliveryView[],
      (log) => log.length === 1 && log[0]!.attempts >= 2 && log[0]!.next_attempt_at !== null,
    );
    expect(failing).toMatchObject({ status: 'pending', last_status_code: null, last_error: UNOPENABLE_SECRET });
    const detail = (await seller.get(`/api/webhooks/deliveries/${failing!.delivery_id}`)).body as WebhookDeliveryDetailView;
    expect(detail.attempts_log[0]).toMatchObject({ status_code: null, error: UNOPENABLE_SECRET, next_attempt_at: expect.any(String) });
    expect(receiver.requests.filter((r) => r.path === '/lost-key')).toEqual([]);
    // The deliverer goes on: the same event reached the seller's other endpoint.
    await eventually(
      async () => receiver.deliveredEventIds('/seller'),
      (ids) => ids.has(failing!.event_id),
    );

    // As the error says: a rotation. The next attempt signs with the new secret alone (the previous one cannot be opened).
    const rotated = await seller.post(`/api/webhooks/endpoints/${endpoint.body.id}/rotate-secret`, {});
    expect(rotated.status).toBe(200);
    const [request] = await eventually(
      async () => receiver.requests.filter((r) => r.path === '/lost-key'),
      (list) => list.length === 1,
    );
    const header = String(request!.headers['escrow-signature']);
    expect(header.match(/v1=/g)).toHaveLength(1);
    expect(verifySignature(request!.body, header, rotated.body.secret)).toBe(true);
    await eventually(
      async () => (await seller.get(`/api/webhooks/deliveries/${failing!.delivery_id}`)).body as WebhookDeliveryDetailView,
      (d) => d.status === 'delivered',
    );
  }, 60_000);
});
