import { type Pool } from 'pg';

import type { TestDatabase } from '../../../testing/test-database';
import { INTERRUPTED } from '../../src/webhooks/webhook-deliverer';
import { createSeller, createUser, TEST_PASSWORD } from '../support/http-session';
import { createMigratedTestDatabase } from '../support/test-app';
import { WebhookReceiver } from '../support/webhook-receiver';
import { checkerPool } from './checker-pool';
import type { ChildRun } from './child-process';
import { type Answer, ApiClient } from './http-client';
import { startApi } from './test-servers';

function ok<T>(answer: Answer<T>, what: string): Answer<T> {
  if (answer.status < 200 || answer.status > 299) throw new Error(`${what} failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer;
}

async function until<T>(probe: () => Promise<T>, accept: (value: T) => boolean, what: string, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (accept(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; last: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Webhooks survive an API process killed with SIGKILL while a delivery is in flight, and a
 * receiver that is down for a while: the next process takes the deliverer's lock, logs the cut
 * attempt as interrupted, sends that delivery again with the same id, retries the refused ones
 * until the receiver is back, and every event is delivered at least once.
 */
describe('webhook deliveries across an API killed mid-delivery and a receiver down for a while', () => {
  let database: TestDatabase;
  let pool: Pool;
  let receiver: WebhookReceiver;
  const apis: ChildRun[] = [];

  afterAll(async () => {
    for (const api of apis) await api.kill();
    await receiver?.close();
    await pool?.end();
    await database?.drop();
  });

  it('delivers every event at least once, and the log shows the interrupted attempt', async () => {
    database = await createMigratedTestDatabase();
    pool = checkerPool(database.url, 2);
    receiver = await WebhookReceiver.start();
    // Every delivery's first attempt is answered late (after 3 s); later ones at once.
    receiver.reply = ({ seen }) => (seen === 0 ? { status: 200, delayMs: 3000 } : { status: 200 });
    const env = {
      WEBHOOKS_ALLOW_HTTP_LOOPBACK: 'true',
      WEBHOOK_TIMEOUT_MS: '5000',
      WEBHOOK_RETRY_BASE_MS: '200',
      PAYMENTS_SANDBOX_SETTLE_MS: '50',
      PAYMENTS_RETURN_WINDOW: '0ms',
    };
    const start = async () => {
      const api = await startApi(database.url, env);
      apis.push(api.run);
      return api;
    };
    const first = await start();
    const buyerUser = await createUser(pool, { firstName: 'Kim', lastName: 'Buyer' });
    const sellerUser = await createSeller(pool, { name: 'Kill Test Builders', services: ['General Contracting'] });
    const client = async (email: string, baseUrl: string) => {
      const c = new ApiClient(baseUrl);
      await c.login(email, TEST_PASSWORD);
      return c;
    };
    let seller = await client(sellerUser.email, first.baseUrl);
    let buyer = await client(buyerUser.email, first.baseUrl);

    const endpoint = ok(
      await seller.request('POST', '/api/webhooks/endpoints', {
        url: receiver.url('/hook'),
        kinds: ['milestone.agreed', 'deposit.settled', 'disbursement.paid'],
      }),
      'registering the endpoint',
    ).body;
    const projectId = ok(
      await seller.request('POST', '/api/job/basic', {
        customer_id: buyerUser.userId,
        customer_name: buyerUser.name,
        service: 'General Contracting',
        primary_company_id: sellerUser.companyId,
        customerInitiated: false,
      }),
      'creating the project',
    ).body.job_id;
    const milestoneId = ok(
      await seller.request('POST', '/api/milestone', {
        job_id: projectId,
        title: 'Foundation',
        definition: 'Poured and cured.',
        payees: [{ jc_id: sellerUser.companyId, type: 'fixed', amount: '500.00' }],
      }),
      'proposing',
    ).body.m_id;
    ok(await seller.request('PUT', `/api/job/${projectId}/draft`, { isDraft: false, job_id: projectId }), 'submitting');
    ok(await buyer.request('POST', '/api/milestone/approval', { milestone_id: milestoneId, approve: true }), 'buyer approval');
    ok(await seller.request('POST', '/api/milestone/approval', { milestone_id: milestoneId, approve: true }), 'seller approval');

    // The delivery of "milestone agreed" is in flight (the receiver holds its answer): kill the API.
    const inFlight = await until(
      async () => receiver.requests.find((r) => r.answered === null),
      (r) => r !== undefined,
      'a delivery in flight',
    );
    const cutDelivery = String(inFlight!.headers['escrow-delivery-id']);
    await first.run.kill();

    // The receiver is down for a while too: the next process finds it refusing connections.
    await receiver.down();
    const second = await start();
    seller = await client(sellerUser.email, second.baseUrl);
    buyer = await client(buyerUser.email, second.baseUrl);
    // Both sign the agreement as it reads with the milestone agreed, then the buyer deposits.
    for (const [party, session, name] of [
      ['customer', buyer, buyerUser.name],
      ['company', seller, sellerUser.name],
    ] as const) {
      const agreement = ok(await session.get(`/api/job/${projectId}/agreement`), 'reading the agreement').body;
      ok(
        await session.request('POST', `/api/job/${projectId}/agreement/sign`, {
          signer_type: party,
          signed_name: name,
          agreement_hash: agreement.agreement_hash,
        }),
        'signing',
      );
    }
    ok(await buyer.request('POST', '/api/milestone/deposit', { milestone_id: milestoneId }), 'deposit');
    await until(
      async () => (await pool.query(`SELECT 1 FROM webhook_attempts WHERE error LIKE 'ECONNREFUSED%'`)).rowCount ?? 0,
      (n) => n >= 3,
      'attempts refused while the receiver is down',
    );
    await receiver.up();
    await until(
      async () => (await buyer.get(`/api/milestone/${milestoneId}/deposits`)).body?.[0]?.payment_status,
      (s) => s === 'settled',
      'the deposit to settle',
    );
    ok(await seller.request('PUT', `/api/milestone/${milestoneId}/complete`, { complete: true }), 'seller completion');
    ok(await buyer.request('PUT', `/api/milestone/${milestoneId}/complete`, { complete: true }), 'buyer completion');

    const { rows: events } = await until(
      () => pool.query<{ event_id: string }>(`SELECT event_id FROM events WHERE type IN ('MilestoneVersionAgreed', 'DepositSettled', 'DisbursementPaid')`),
      (r) => r.rows.length === 3,
      'the payout',
    );
    await until(
      async () => receiver.deliveredEventIds('/hook'),
      (ids) => events.every((e) => ids.has(e.event_id)),
      'every event delivered',
    );

    // The cut delivery came again with the same id, and its log tells what happened.
    expect(receiver.requests.filter((r) => r.headers['escrow-delivery-id'] === cutDelivery).length).toBeGreaterThanOrEqual(2);
    // The receiver counts a request when it answers it; the API records the 200 a moment later.
    const log = await until(
      async () => ok(await seller.get(`/api/webhooks/deliveries/${cutDelivery}`), 'reading the log').body,
      (l) => l.status !== 'pending',
      'the cut delivery to be recorded',
    );
    expect(log.status).toBe('delivered');
    expect(log.attempts_log[0]).toMatchObject({ attempt: 1, status_code: null, error: INTERRUPTED });
    expect(log.attempts_log[log.attempts_log.length - 1]).toMatchObject({ status_code: 200, error: null });
    const deliveries = await until(
      async () => ok(await seller.get(`/api/webhooks/endpoints/${endpoint.id}/deliveries`), 'listing').body as { status: string; event_id: string }[],
      (all) => all.every((d) => d.status !== 'pending'),
      'every delivery to be recorded',
    );
    expect(deliveries.map((d) => d.event_id).sort()).toEqual(events.map((e) => e.event_id).sort());
    expect(deliveries.every((d) => d.status === 'delivered')).toBe(true);
    const { rows: refused } = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM webhook_attempts WHERE error LIKE 'ECONNREFUSED%'`);
    expect(refused[0]!.n).toBeGreaterThanOrEqual(3);
  }, 90_000);
});
