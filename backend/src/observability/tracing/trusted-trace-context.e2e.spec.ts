import type { TestDatabase } from '../../../../testing/test-database';
import type { ChildRun } from '../../../test/reliability/child-process';
import { startApi } from '../../../test/reliability/test-servers';
import { OtlpCollector } from '../../../test/support/otlp-collector';
import { createMigratedTestDatabase } from '../../../test/support/test-app';

const CALLERS_TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';

/**
 * The built program behind a proxy at another address (TRUSTED_PROXIES=192.0.2.1), every trace
 * kept: a client that reaches the API itself sends a sampled `traceparent`, and its request is
 * traced in a trace of the API's own, not the client's (trusted-trace-context.ts). From a trusted
 * proxy the same header is followed: door-sampling.e2e.spec.ts, where loopback is trusted.
 */
describe("a caller's traceparent from an address that is not a trusted proxy", () => {
  let collector: OtlpCollector;
  let database: TestDatabase;
  let api: ChildRun;

  beforeAll(async () => {
    collector = await OtlpCollector.start();
    database = await createMigratedTestDatabase();
    const started = await startApi(database.url, {
      ...collector.settings,
      OTEL_TRACES_SAMPLER: 'parentbased_always_on',
      TRUSTED_PROXIES: '192.0.2.1',
    });
    api = started.run;
    for (const flags of ['01', '00']) {
      const answer = await fetch(`${started.baseUrl}/api/health`, { headers: { traceparent: `00-${CALLERS_TRACE}-b7ad6b7169203331-${flags}` } });
      expect(answer.status).toBe(200);
    }
    // The stop sends the spans still buffered.
    await api.stop();
  }, 120_000);

  afterAll(async () => {
    await api?.stop();
    await collector?.close();
    await database?.drop();
  });

  it('traces each request in a trace of its own, whatever the caller sent', () => {
    const server = collector.spans().filter((s) => s.scope === '@opentelemetry/instrumentation-http' && s.kind === 2);
    expect(server.map((s) => s.name)).toEqual(['GET /api/health', 'GET /api/health']);
    const traces = new Set(server.map((s) => s.traceId.toLowerCase()));
    expect(traces.size).toBe(2);
    expect(traces.has(CALLERS_TRACE)).toBe(false);
  });
});
