import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';

import { ProjectionRunner } from '@escrow/projections';

import { signByBoth } from '../../../test/support/escrow-flows';
import { createParties, createSignedProject, type EscrowParties, runMilestone } from '../../../test/support/escrow-project';
import { eventually } from '../../../test/support/event-store-fixture';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { EscrowMetrics } from './escrow-metrics';
import { startMetricsServer, stopMetricsServer } from './metrics-server';

const TOKEN = 'test-metrics-token-0123456789abcdef';

/** One sample line of the text format: `name{a="b",c="d"} value`. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

function parse(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of match[2]?.matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g) ?? []) labels[key!] = value!;
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

/** The sum of the samples of `name` whose labels include `labels`. */
function total(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  return samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v)).reduce((sum, s) => sum + s.value, 0);
}

describe('Prometheus metrics', () => {
  let app: TestApp;
  let parties: EscrowParties;
  beforeAll(async () => {
    app = await createTestApp({ metrics: { port: null, token: TOKEN, record: true } });
    parties = await createParties(app);
  }, 60_000);
  afterAll(() => app.close());

  const scrape = async (): Promise<Sample[]> => {
    const res = await app.http.inject({ method: 'GET', url: '/api/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return parse(res.body);
  };
  /** Waits until every projector has applied everything (lag 0) and answers that scrape. */
  // A projector moves its checkpoint past events it ignores after a second of idleness, and the
  // shared cluster's open transactions can hold every reader back for a moment under load.
  const caughtUp = () =>
    eventually(
      scrape,
      (s) => {
        const lags = s.filter((x) => x.name === 'escrow_projector_lag_events');
        return lags.length === app.app.get(ProjectionRunner).projectors.length && lags.every((x) => x.value === 0);
      },
      30_000,
    );

  it('moves the counters, histograms, projector positions and held funds by one deposit, and shows no personal data', async () => {
    const { jobId, firstMilestone } = await createSignedProject(parties);
    await runMilestone(parties, firstMilestone, 'agreed');
    await signByBoth(parties.sessions, jobId, { buyer: parties.buyer.name, seller: parties.seller.name });
    const before = await caughtUp();

    const key = randomUUID();
    const deposit = await parties.sessions.buyer.post('/api/milestone/deposit', { milestone_id: firstMilestone }, { 'idempotency-key': key });
    expect(deposit.status).toBe(201);
    // The same request again answers like the first (a replay), and a second deposit is refused.
    expect((await parties.sessions.buyer.post('/api/milestone/deposit', { milestone_id: firstMilestone }, { 'idempotency-key': key })).status).toBe(201);
    const refused = await parties.sessions.buyer.post('/api/milestone/deposit', { milestone_id: firstMilestone }, { 'idempotency-key': randomUUID() });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    await eventually(
      () => parties.sessions.buyer.get(`/api/milestone/${firstMilestone}/deposits`),
      (a) => a.body?.[0]?.payment_status === 'settled',
      30_000,
    );
    // A path no route serves, with an id in it: counted, under no pattern of its own.
    expect((await parties.sessions.buyer.get('/api/no-such-route/987654')).status).toBe(404);
    const after = await caughtUp();
    const moved = (name: string, labels: Record<string, string> = {}) => total(after, name, labels) - total(before, name, labels);

    const command = { command: 'RequestDeposit' };
    expect(moved('escrow_commands_total', { ...command, outcome: 'accepted' })).toBe(1);
    expect(moved('escrow_commands_total', { ...command, outcome: 'replay' })).toBe(1);
    // A refusal that a lagging read model could have caused (409) is decided once more after the
    // read models caught up with this process's appends (read your writes): two decisions, both refused.
    expect(refused.status).toBe(409);
    expect(moved('escrow_commands_total', { ...command, outcome: 'refused' })).toBe(2);
    const refusal = after.find((s) => s.name === 'escrow_commands_total' && s.labels.command === 'RequestDeposit' && s.labels.outcome === 'refused');
    expect(refusal?.labels.reason).toBe(refused.body.code ?? refusal?.labels.reason);
    expect(refusal?.labels.reason).toMatch(/^[a-z][a-z0-9_]+$/);

    // Three requests on the route's pattern; nothing labelled with a raw URL.
    const route = { method: 'POST', route: '/api/milestone/deposit' };
    expect(moved('escrow_http_request_duration_seconds_count', route)).toBe(3);
    expect(moved('escrow_http_request_duration_seconds_bucket', { ...route, le: '+Inf' })).toBe(3);
    expect(moved('escrow_http_request_duration_seconds_sum', route)).toBeGreaterThan(0);
    const routes = new Set(after.filter((s) => s.name === 'escrow_http_request_duration_seconds_count').map((s) => s.labels.route));
    expect(routes).toContain('/api/milestone/:id/deposits');
    expect([...routes].filter((r) => /\/\d+(\/|$)/.test(r!))).toEqual([]);
    expect(moved('escrow_http_request_duration_seconds_count', { method: 'GET', route: 'unmatched', status_code: '404' })).toBe(1);

    // The deposit request, then the sandbox's settlement and clearing: each appended to the milestone's stream.
    expect(moved('escrow_events_appended_total', { stream_category: 'milestone' })).toBeGreaterThanOrEqual(3);
    expect(moved('escrow_event_append_duration_seconds_count', { outcome: 'ok' })).toBeGreaterThanOrEqual(3);
    expect(moved('escrow_reads_total')).toBeGreaterThan(0);
    // The reads after the deposit carried its position (the cookie): each waited for the read models.
    expect(moved('escrow_read_your_writes_wait_seconds_count', { kind: 'read' })).toBeGreaterThan(0);

    // The projectors applied them: positions moved, batches timed, lag back to 0 (caughtUp).
    expect(moved('escrow_projector_position', { projector: 'milestones' })).toBeGreaterThan(0);
    expect(moved('escrow_projector_batch_duration_seconds_count', { projector: 'milestones' })).toBeGreaterThan(0);
    expect(moved('escrow_projector_events_applied_total', { projector: 'milestones' })).toBeGreaterThanOrEqual(3);
    expect(total(after, 'escrow_projector_state', { projector: 'milestones', state: 'running' })).toBe(1);
    expect(total(after, 'escrow_projector_parked_streams')).toBe(0);

    // What the buyer deposited (the milestone's $100.00 and the fee) is held now, and its debit is an instruction.
    expect(Number(deposit.body.amount)).toBeGreaterThan(100);
    expect(moved('escrow_held_funds_usd')).toBeCloseTo(Number(deposit.body.amount), 2);
    expect(moved('escrow_payment_instructions', { kind: 'debit' })).toBe(1);
    expect(total(after, 'escrow_db_pool_connections', { pool: 'main' })).toBeGreaterThan(0);
    expect(after.some((s) => s.name === 'escrow_read_horizon_age_seconds')).toBe(true);

    // No label or value names a person or a project: not the parties' emails, names or ids.
    const text = (await app.http.inject({ method: 'GET', url: '/api/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;
    for (const personal of [parties.buyer.email, parties.seller.email, parties.buyer.name, parties.seller.name, 'Olivia', 'Mesa General']) {
      expect(text).not.toContain(personal);
    }
    expect(text).not.toMatch(/@/);
    const ids = new Set([parties.buyer.userId, parties.seller.userId, parties.seller.companyId, jobId, firstMilestone].map(String));
    const labelValues = after.flatMap((s) => Object.values(s.labels));
    expect(labelValues.filter((v) => ids.has(v))).toEqual([]);
  });

  it('answers 401 without the token or with a wrong one, and 404 when no token is configured', async () => {
    const get = (headers: Record<string, string>) => app.http.inject({ method: 'GET', url: '/api/metrics', headers });
    expect((await get({})).statusCode).toBe(401);
    expect((await get({ authorization: `Bearer ${TOKEN}x` })).statusCode).toBe(401);
    expect((await get({ authorization: `Bearer ${TOKEN.slice(0, -1)}` })).statusCode).toBe(401);
    expect((await get({ authorization: `Basic ${Buffer.from(`a:${TOKEN}`).toString('base64')}` })).statusCode).toBe(401);
    const refusal = await get({ authorization: 'Bearer wrong' });
    expect(refusal.body).not.toContain('escrow_');
    const token = app.config.metrics.token;
    app.config.metrics.token = null;
    try {
      // Exactly what any unknown path answers: nothing tells a caller that metrics exist here or how to turn them on.
      // (Each answer has a request id of its own, the one of its X-Request-Id header.)
      const sameBut = (body: string) => body.replace(/"request_id":"[^"]+"/, '"request_id":"…"');
      const unknown = await app.http.inject({ method: 'GET', url: '/api/no-such-route' });
      for (const headers of [{ authorization: `Bearer ${TOKEN}` }, {}] as Record<string, string>[]) {
        const answer = await get(headers);
        expect(answer.statusCode).toBe(404);
        expect(answer.json().request_id).toBe(answer.headers['x-request-id']);
        expect(sameBut(answer.body)).toBe(sameBut(unknown.body.replace('/api/no-such-route', '/api/metrics')));
      }
    } finally {
      app.config.metrics.token = token;
    }
  });

  it('serves the same registry on a port of its own, at /metrics only', async () => {
    const server = await startMetricsServer(app.app.get(EscrowMetrics), 0, '127.0.0.1');
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const res = await fetch(`${base}/metrics`);
      expect(res.status).toBe(200);
      const samples = parse(await res.text());
      expect(samples.some((s) => s.name === 'escrow_commands_total' && s.labels.process === 'api')).toBe(true);
      expect((await fetch(`${base}/`)).status).toBe(404);
      expect((await fetch(`${base}/metrics`, { method: 'POST' })).status).toBe(404);
      // A second process on the same port is refused with the setting to change, not PORT's advice.
      const taken = (server.address() as AddressInfo).port;
      await expect(startMetricsServer(app.app.get(EscrowMetrics), taken, '127.0.0.1')).rejects.toThrow(
        `METRICS_PORT ${taken} is already in use (another process serves its metrics there). Give each process a port of its own: METRICS_PORT=${taken + 1}`,
      );
    } finally {
      await stopMetricsServer(server);
    }
  });
});
