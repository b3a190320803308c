import { createProjectors, ProjectionRunner } from '@escrow/projections';
import { Client, type Pool } from 'pg';

import { PostgresEventStore } from '../../src/event-store/postgres/postgres-event-store';
import { type CreatedUser, createSeller, createUser, TEST_PASSWORD } from '../support/http-session';
import { checkerPool } from './checker-pool';
import type { ChildRun } from './child-process';
import { reportFigure } from './figures';
import { ApiClient } from './http-client';
import { checkMoneyInvariants } from './money-invariants';
import { readModelChecksums } from './read-model-checksums';
import { RetryingCommands } from './retrying-commands';
import { quiesce, signByBoth } from './simulation-checks';
import { OwnPostgres, startApi } from './test-servers';

const PAIRS = Number(process.env.REL_RESTART_PAIRS ?? 6);
const WARM_MS = 4_000;
const OUTAGE_MS = Number(process.env.REL_OUTAGE_MS ?? 6_000);
const AFTER_MS = 6_000;
const METRICS_TOKEN = 'reliability-metrics-token-0123456789';

/** One scrape of the API's metrics: the sample lines of the text format, without HELP and TYPE. */
async function scrape(baseUrl: string): Promise<string[]> {
  const response = await fetch(`${baseUrl}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(response.status).toBe(200);
  return (await response.text()).split('\n').filter((line) => line !== '' && !line.startsWith('#'));
}
const samplesOf = (lines: string[], name: string) => lines.filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `));
const valueOf = (line: string | undefined) => (line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1)));

/**
 * Issue 8, reliability 2: PostgreSQL is stopped and started again while clients drive escrow
 * commands through the real HTTP server. Meanwhile the API answers 503 with a message a person
 * understands (never a 500, never silence); afterwards it works again by itself, and every
 * command either happened once, entirely, or not at all.
 */
describe('PostgreSQL stopped and restarted under load', () => {
  let pg: OwnPostgres;
  let api: { run: ChildRun; baseUrl: string } | null = null;
  let pool: Pool;

  afterAll(async () => {
    await api?.run.stop();
    await pool?.end().catch(() => undefined);
    await pg?.destroy();
  });

  it('answers 503 with a message during the outage, recovers by itself and applies no command by halves', async () => {
    pg = await OwnPostgres.create();
    api = await startApi(pg.url(), { READ_YOUR_WRITES_TIMEOUT_MS: '2000', PAYMENTS_RETURN_WINDOW: '0ms', METRICS_TOKEN });
    pool = checkerPool(pg.url(), 4);

    const pairs: { buyer: CreatedUser; seller: CreatedUser & { companyId: number }; b: ApiClient; s: ApiClient; jobId: number }[] = [];
    const commands = new RetryingCommands();
    for (let i = 0; i < PAIRS; i++) {
      const buyer = await createUser(pool);
      const seller = await createSeller(pool, { services: ['General Contracting'] });
      const b = new ApiClient(api.baseUrl);
      const s = new ApiClient(api.baseUrl);
      await b.login(buyer.email, TEST_PASSWORD);
      await s.login(seller.email, TEST_PASSWORD);
      const project = await commands.send(s, 'POST', '/api/job/basic', {
        customer_id: buyer.userId,
        service: 'General Contracting',
        primary_company_id: seller.companyId,
        customerInitiated: false,
      });
      // A project is submitted with its first milestone and signed by both before money moves.
      await commands.send(s, 'POST', '/api/milestone', {
        job_id: project.body.job_id,
        title: 'Mobilisation',
        definition: 'Site set up.',
        payees: [{ jc_id: seller.companyId, type: 'fixed', amount: '100.00' }],
      });
      await commands.send(s, 'PUT', `/api/job/${project.body.job_id}/draft`, { isDraft: false });
      await signByBoth(commands, project.body.job_id, { buyer: b, buyerName: buyer.name, seller: s, sellerName: seller.name });
      pairs.push({ buyer, seller, b, s, jobId: project.body.job_id });
    }
    await pool.end();

    // The load: every pair walks milestones from proposal to payout, again and again, until told to stop.
    let stopLoad = false;
    const completed: { originalId: number; amount: string }[] = [];
    const walk = async (pair: (typeof pairs)[number], index: number) => {
      for (let n = 0; !stopLoad; n++) {
        const amount = `${1000 + index * 100 + n}.${String(n % 100).padStart(2, '0')}`;
        const created = await commands.send(pair.s, 'POST', '/api/milestone', {
          job_id: pair.jobId,
          title: `Phase ${n + 1}`,
          definition: 'Done and inspected.',
          position: n + 1,
          amount,
          payees: [{ jc_id: pair.seller.companyId, type: 'fixed', amount, includeFee: false }],
        });
        const m = created.body.m_id as number;
        await commands.send(pair.b, 'POST', '/api/milestone/approval', { milestone_id: m, approve: true });
        await commands.send(pair.s, 'POST', '/api/milestone/approval', { milestone_id: m, approve: true });
        // The milestone changed the agreement's text: both sign it again before its deposit.
        await signByBoth(commands, pair.jobId, { buyer: pair.b, buyerName: pair.buyer.name, seller: pair.s, sellerName: pair.seller.name });
        await commands.send(pair.b, 'POST', '/api/milestone/deposit', { milestone_id: m });
        await commands.read(pair.b, `/api/milestone/${m}/deposits`, (d: { payment_status: string }[]) => d.some((x) => x.payment_status === 'settled'));
        await commands.send(pair.s, 'PUT', `/api/milestone/${m}/complete`, { complete: true });
        await commands.send(pair.b, 'PUT', `/api/milestone/${m}/complete`, { complete: true });
        await commands.read(pair.s, `/api/job/${pair.jobId}/milestones`);
        completed.push({ originalId: m, amount });
      }
    };
    const load = Promise.all(pairs.map((pair, i) => walk(pair, i)));
    load.catch(() => undefined);

    await new Promise((r) => setTimeout(r, WARM_MS));
    const scrapeBefore = await scrape(api.baseUrl);
    const outageStart = Date.now();
    await pg.stop();
    const stoppedAt = Date.now();
    await new Promise((r) => setTimeout(r, OUTAGE_MS));
    // Health says so too while the database is away.
    const probe = new ApiClient(api.baseUrl);
    const healthDuring = await probe.get('/api/health');
    const readinessDuring = await probe.get('/api/health/ready');
    // Metrics still answer, without a false 0 for what they cannot read, and count the failure.
    const scrapeDuring = await scrape(api.baseUrl);
    await pg.start();
    const restartedAt = Date.now();
    await new Promise((r) => setTimeout(r, AFTER_MS));
    stopLoad = true;
    await load;
    const loadEndedAt = Date.now();
    const healthAfter = await commands.read(probe, '/api/health', (h: { status: string }) => h.status === 'ok');

    // What the clients were told.
    const answers = commands.answers;
    const serverErrors = answers.filter((a) => typeof a.status === 'number' && a.status >= 500 && a.status !== 503);
    expect(serverErrors).toEqual([]);
    const noAnswer = answers.filter((a) => a.status === 'no answer');
    expect(noAnswer).toEqual([]);
    const unavailable = answers.filter((a) => a.status === 503);
    expect(unavailable.length).toBeGreaterThan(0);
    // Each 503 says what happened and to try again: the database is away, or (for a command whose
    // append committed just before the stop) the read models could not yet show its change.
    for (const a of unavailable) {
      expect(a.message).toMatch(/temporarily unavailable.*try again|changed a moment ago and is still being updated\. Try again/i);
    }
    // Every request sent while PostgreSQL was down was answered 503. (One sent before the stop
    // may still succeed after it: its append was committed, its wait for the read models timed out.)
    const duringOutage = answers.filter((a) => a.sentAt > stoppedAt && a.at < restartedAt);
    expect(duringOutage.length).toBeGreaterThan(0);
    expect(duringOutage.filter((a) => a.status !== 503)).toEqual([]);
    expect(healthDuring.status).toBe(503);
    // The probe's documented shape, never the generic error body.
    expect(readinessDuring.status).toBe(503);
    expect(readinessDuring.body).toMatchObject({ status: 'not_ready', checks: { database: 'down', migrations: 'unknown', projectors: 'unknown' } });
    expect(samplesOf(scrapeBefore, 'escrow_held_funds_usd')).toHaveLength(1);
    expect(samplesOf(scrapeBefore, 'escrow_mail_outbox_unsent')).toHaveLength(1);
    expect(valueOf(samplesOf(scrapeBefore, 'escrow_readiness_check').find((l) => l.includes('check="database"')))).toBe(1);
    for (const gauge of [
      'escrow_held_funds_usd',
      'escrow_retainage_held_usd',
      'escrow_mail_outbox_unsent',
      'escrow_webhook_deliveries_pending',
      'escrow_payment_instructions',
    ]) {
      expect({ gauge, during: samplesOf(scrapeDuring, gauge) }).toEqual({ gauge, during: [] });
    }
    const ledgerErrors = (lines: string[]) => valueOf(samplesOf(lines, 'escrow_metrics_scrape_errors_total').find((l) => l.includes('source="ledger"'))) ?? 0;
    expect(ledgerErrors(scrapeDuring)).toBeGreaterThan(ledgerErrors(scrapeBefore));
    expect(valueOf(samplesOf(scrapeDuring, 'escrow_readiness_check').find((l) => l.includes('check="database"')))).toBe(0);
    expect(healthAfter.status).toBe('ok');
    const firstSuccessAfter = answers.find((a) => a.at > restartedAt && typeof a.status === 'number' && a.status < 300);
    expect(firstSuccessAfter).toBeDefined();
    const recoverySeconds = (firstSuccessAfter!.at - restartedAt) / 1000;
    expect(recoverySeconds).toBeLessThan(30);
    expect(completed.length).toBeGreaterThan(PAIRS);

    // What the database holds: wait for every payment to be reported, then stop the API.
    let appliedDespite503 = 0;
    const check = checkerPool(pg.url(), 4);
    try {
      // ...and for every projector to have applied the reports: the ledger trails the payment
      // instructions (each projector moves on its own), and its payouts are checked below.
      await quiesce(check, 60_000);
      // Every command a client saw succeed is in the store, and each stream it writes got its
      // events from one request only: its events carry its key. Per stream, not per key: a
      // proposal appends to the project's stream and then starts the milestone's, and an outage
      // between the two leaves the second to the retry, a request with its own correlation id
      // (escrow-guarantees.e2e.spec.ts shows it on its own).
      const succeeded = [...new Set(answers.filter((a) => a.key && typeof a.status === 'number' && a.status < 300).map((a) => a.key!))];
      const { rows: keyed } = await check.query<{ key: string; stream: string; appends: number }>(
        `SELECT metadata->>'idempotencyKey' AS key, stream_id AS stream, count(DISTINCT metadata->>'correlationId')::int AS appends
           FROM events WHERE metadata ? 'idempotencyKey' GROUP BY 1, 2`,
      );
      const appendedKeys = new Set(keyed.map((k) => k.key));
      const missing = succeeded.filter((k) => !appendedKeys.has(k));
      expect(missing).toEqual([]);
      // Appended more than once: named with their events and every answer their requests got, so
      // a failure can be read from the log alone (it depends on where the outage cut a request).
      const twice = keyed.filter((k) => k.appends !== 1);
      const { rows: twiceEvents } = await check.query<{ key: string; line: string }>(
        `SELECT metadata->>'idempotencyKey' AS key,
                stream_id || '@' || stream_revision || ' ' || type || ' correlation ' || (metadata->>'correlationId') || ' at ' || recorded_at AS line
           FROM events WHERE metadata->>'idempotencyKey' = ANY($1) ORDER BY global_position`,
        [twice.map((k) => k.key)],
      );
      expect(
        twice.map((k) => ({
          key: k.key,
          stream: k.stream,
          events: twiceEvents.filter((e) => e.key === k.key).map((e) => e.line),
          answers: answers.filter((a) => a.key === k.key).map((a) => `${a.method} ${a.path} #${a.attempt} ${a.status} at ${new Date(a.at).toISOString()}`),
        })),
      ).toEqual([]);
      // Commands answered 503 although they had been applied (their events were recorded before
      // the 503 went out): their retry with the same key answered without applying them again.
      const firstFailure = new Map<string, number>();
      for (const a of answers) if (a.key && a.status === 503 && !firstFailure.has(a.key)) firstFailure.set(a.key, a.at);
      const { rows: recorded } = await check.query<{ key: string; first_recorded: Date }>(
        `SELECT metadata->>'idempotencyKey' AS key, min(recorded_at) AS first_recorded FROM events WHERE metadata->>'idempotencyKey' = ANY($1) GROUP BY 1`,
        [[...firstFailure.keys()]],
      );
      appliedDespite503 = recorded.filter((r) => r.first_recorded.getTime() < firstFailure.get(r.key)!).length;
      // Each milestone the clients finished was funded once and paid out once, to the cent.
      const { rows: milestones } = await check.query<{ stream_id: string; settled: number; requested: number; paid: number; both: number; deposits: number }>(
        `SELECT stream_id,
                count(*) FILTER (WHERE type = 'DepositSettled')::int AS settled,
                count(*) FILTER (WHERE type = 'DepositRequested')::int AS deposits,
                count(*) FILTER (WHERE type = 'DisbursementRequested')::int AS requested,
                count(*) FILTER (WHERE type = 'DisbursementPaid')::int AS paid,
                count(*) FILTER (WHERE type = 'MilestoneCompletedByBoth')::int AS both
           FROM events WHERE stream_id = ANY($1) GROUP BY stream_id`,
        [completed.map((c) => `milestone-${c.originalId}`)],
      );
      expect(milestones).toHaveLength(completed.length);
      expect(milestones.filter((m) => m.settled !== 1 || m.deposits !== 1 || m.requested !== 1 || m.paid !== 1 || m.both !== 1)).toEqual([]);
      const money = await checkMoneyInvariants(check);
      expect(money.violations).toEqual([]);
      const { rows: projectors } = await check.query<{ name: string; state: string }>('SELECT name, state FROM projection_checkpoints ORDER BY name');
      expect(projectors.every((p) => p.state === 'running')).toBe(true);
      expect((await check.query('SELECT count(*)::int AS n FROM projection_dead_letters')).rows[0].n).toBe(0);

      // The read models equal a clean rebuild of the same events.
      await api.run.stop();
      api = null;
      const admin = new Client({ connectionString: pg.url('postgres') });
      await admin.connect();
      await check.end();
      await admin.query('CREATE DATABASE escrow_rebuilt TEMPLATE escrow');
      await admin.end();
    } finally {
      await check.end().catch(() => undefined);
    }
    const live = checkerPool(pg.url(), 2);
    const rebuiltPool = checkerPool(pg.url('escrow_rebuilt'), 4);
    const store = new PostgresEventStore({ pool: rebuiltPool });
    const runner = new ProjectionRunner({ pool: rebuiltPool, eventStore: store, projectors: createProjectors(), databaseUrl: pg.url('escrow_rebuilt') });
    try {
      for (const p of runner.projectors) await runner.rebuild(p.name);
      expect(await readModelChecksums(live)).toEqual(await readModelChecksums(rebuiltPool));
    } finally {
      await runner.stop();
      await store.close();
      await rebuiltPool.end();
      await live.end();
    }

    reportFigure('postgres-restart', {
      pairs: PAIRS,
      outageSeconds: (restartedAt - outageStart) / 1000,
      stopTookSeconds: (stoppedAt - outageStart) / 1000,
      recoverySeconds,
      requests: answers.length,
      answered503: unavailable.length,
      commandsAnswered503: firstFailureCount(answers),
      appliedDespite503,
      answeredOther5xx: serverErrors.length,
      noAnswer: noAnswer.length,
      milestonesCompleted: completed.length,
      loadSeconds: (loadEndedAt - outageStart + WARM_MS) / 1000,
    });
  }, 600_000);
});

function firstFailureCount(answers: { key: string | null; status: number | 'no answer' }[]): number {
  return new Set(answers.filter((a) => a.key && a.status === 503).map((a) => a.key)).size;
}
