import { randomUUID } from 'node:crypto';

import { node } from '@opentelemetry/sdk-node';

import { signByBoth } from '../../test/support/escrow-flows';
import { createParties, createSignedProject, type EscrowParties } from '../../test/support/escrow-project';
import { eventually } from '../../test/support/event-store-fixture';
import { createUser, HttpSession, TEST_PASSWORD } from '../../test/support/http-session';
import { createTestApp, type TestApp } from '../../test/support/test-app';

// Registered before the app exists: the code's tracers are proxies that start recording now.
const exporter = new node.InMemorySpanExporter();
new node.NodeTracerProvider({ spanProcessors: [new node.SimpleSpanProcessor(exporter)] }).register();

describe('logs, correlation ids and traces', () => {
  let app: TestApp;
  const lines: string[] = [];
  const spans = () => exporter.getFinishedSpans();
  const logged = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  let parties: EscrowParties;

  beforeAll(async () => {
    app = await createTestApp({}, { logDestination: { write: (line: string) => void lines.push(line) } });
    parties = await createParties(app);
  }, 60_000);
  afterAll(() => app.close());

  it('logs each request as a JSON line carrying the id its response names, its route, status, duration and user', async () => {
    const answer = await parties.sessions.buyer.get('/api/user');
    expect(answer.status).toBe(200);
    const requestId = answer.headers['x-request-id'];
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
    const line = logged().find((l) => l.requestId === requestId && l.msg === 'request completed');
    expect(line).toMatchObject({
      level: 'info',
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      userId: parties.buyer.userId,
      method: 'GET',
      route: '/api/user',
      status: 200,
      durationMs: expect.any(Number),
    });
  });

  it('takes X-Request-Id from a trusted proxy only, and only a well-formed one', async () => {
    const fromProxy = new HttpSession(app.http, '127.0.0.1'); // TRUSTED_PROXIES defaults to loopback
    const stranger = new HttpSession(app.http, '203.0.113.7');
    const id = `edge-${randomUUID()}`;
    expect((await fromProxy.get('/api/health/live', { 'x-request-id': id })).headers['x-request-id']).toBe(id);
    const ignored = (await stranger.get('/api/health/live', { 'x-request-id': id })).headers['x-request-id'];
    expect(ignored).not.toBe(id);
    expect(ignored).toMatch(/^[0-9a-f-]{36}$/);
    for (const bad of ['short', 'x'.repeat(200), 'with space in it', '"quoted","level":"fatal"']) {
      const answer = await fromProxy.get('/api/health/live', { 'x-request-id': bad });
      expect(answer.status).toBe(200);
      expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(lines.join('\n')).not.toContain('"level":"fatal"');
  });

  it('logs a login without the password', async () => {
    const user = await createUser(app.db.pool);
    const before = lines.length;
    await new HttpSession(app.http).login(user.email, TEST_PASSWORD);
    const loginLines = lines.slice(before);
    expect(loginLines.some((line) => line.includes('"route":"/api/auth/login"'))).toBe(true);
    expect(loginLines.join('\n')).not.toContain(TEST_PASSWORD);
    expect(loginLines.join('\n')).not.toContain(user.email);
  });

  let approved: { jobId: number; milestoneId: number } | null = null;

  it('follows one approval from the request to the projector under one trace, and by one id in the events', async () => {
    const { jobId, firstMilestone } = await createSignedProject(parties);
    exporter.reset();
    const approval = await parties.sessions.buyer.post('/api/milestone/approval', { milestone_id: firstMilestone, approve: true });
    expect(approval.status).toBe(200);
    const requestId = approval.headers['x-request-id'] as string;

    const request = spans().find((s) => s.name === 'POST /api/milestone/approval')!;
    expect(request).toBeDefined();
    const traceId = request.spanContext().traceId;
    const inTrace = spans().filter((s) => s.spanContext().traceId === traceId);
    const command = inTrace.find((s) => s.name === 'command DecideOnVersion')!;
    expect(command.parentSpanContext?.spanId).toBe(request.spanContext().spanId);
    expect(inTrace.map((s) => s.name)).toEqual(expect.arrayContaining(['decide ApproveMilestoneVersion', 'append milestone']));

    // The event names the request and the command, and the trace the projector links to.
    const { rows } = await app.db.pool.query<{ metadata: Record<string, string> }>(
      `SELECT metadata FROM events WHERE type = 'MilestoneVersionApproved' AND metadata->>'correlationId' = $1`,
      [requestId],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.metadata.causationId).toMatch(/^[0-9a-f-]{36}$/);
    expect(rows[0]!.metadata.causationId).not.toBe(requestId);
    expect(rows[0]!.metadata.traceparent).toBe(`00-${traceId}-${command.spanContext().spanId}-01`);

    const projected = await eventually(
      async () => spans().filter((s) => s.name === 'project milestones' && s.links.some((l) => l.context.traceId === traceId)),
      (found) => found.length > 0,
    );
    expect(projected[0]!.parentSpanContext).toBeUndefined(); // a trace of its own, linked to the request's
    approved = { jobId, milestoneId: firstMilestone };
  });

  it("carries a deposit request's id through the dispatcher's provider call to the settlement it reports", async () => {
    const { jobId, milestoneId } = approved!;
    expect((await parties.sessions.seller.post('/api/milestone/approval', { milestone_id: milestoneId, approve: true })).status).toBe(200);
    await signByBoth(parties.sessions, jobId, { buyer: parties.buyer.name, seller: parties.seller.name });
    // Over a socket, not inject: the body arrives after the request's first hooks ran, and the
    // request's id must still be the one its handler appends under.
    await app.http.listen({ port: 0, host: '127.0.0.1' });
    const address = await app.http.getUrl();
    const buyer = parties.sessions.buyer;
    const deposit = await fetch(`${address}/api/milestone/deposit`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: `sid=${buyer.cookie('sid')}; XSRF-TOKEN=${buyer.cookie('XSRF-TOKEN')}`,
        'x-xsrf-token': buyer.cookie('XSRF-TOKEN')!,
      },
      // In two parts, the second after a pause: the handler then runs from the socket's data event.
      body: new ReadableStream({
        async start(controller) {
          const body = new TextEncoder().encode(JSON.stringify({ milestone_id: milestoneId }));
          controller.enqueue(body.slice(0, 5));
          await new Promise((r) => setTimeout(r, 50));
          controller.enqueue(body.slice(5));
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(deposit.status).toBe(201);
    const requestId = deposit.headers.get('x-request-id')!;
    const { rows: requested } = await app.db.pool.query<{ correlation: string }>(
      `SELECT metadata->>'correlationId' AS correlation FROM events WHERE type = 'DepositRequested'`,
    );
    expect(requested).toEqual([{ correlation: requestId }]);
    const settled = await eventually(
      async () =>
        (await app.db.pool.query<{ correlation: string }>(`SELECT metadata->>'correlationId' AS correlation FROM events WHERE type = 'DepositSettled'`)).rows,
      (rows) => rows.length > 0,
    );
    expect(settled).toEqual([{ correlation: requestId }]);
    const handed = logged().find((l) => l.context === 'Payments' && String(l.msg).startsWith('handed the debit'));
    expect(handed).toMatchObject({ correlationId: requestId, reference: expect.any(String) });
    expect(spans().some((s) => s.name === 'payment provider submit' && s.attributes['escrow.payment_kind'] === 'debit')).toBe(true);
  });
});
