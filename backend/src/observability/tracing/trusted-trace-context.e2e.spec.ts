import { TracedApi } from '../../../test/support/traced-api';

const CALLERS_TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';

/**
 * The built program behind a proxy at another address (TRUSTED_PROXIES=192.0.2.1), every trace
 * kept: a client that reaches the API itself sends a sampled `traceparent`, and its request is
 * traced in a trace of the API's own, not the client's (trusted-trace-context.ts). From a trusted
 * proxy the same header is followed: door-sampling.e2e.spec.ts, where loopback is trusted.
 */
describe("a caller's traceparent from an address that is not a trusted proxy", () => {
  let api: TracedApi;

  beforeAll(async () => {
    api = await TracedApi.start({ OTEL_TRACES_SAMPLER: 'parentbased_always_on', TRUSTED_PROXIES: '192.0.2.1' });
    for (const flags of ['01', '00']) {
      const answer = await fetch(`${api.baseUrl}/api/health`, { headers: { traceparent: `00-${CALLERS_TRACE}-b7ad6b7169203331-${flags}` } });
      expect(answer.status).toBe(200);
    }
    await api.stop();
  }, 120_000);

  afterAll(() => api?.close());

  it('traces each request in a trace of its own, whatever the caller sent', () => {
    const server = api.collector.spans().filter((s) => s.scope === '@opentelemetry/instrumentation-http' && s.kind === 2);
    expect(server.map((s) => s.name)).toEqual(['GET /api/health', 'GET /api/health']);
    const traces = new Set(server.map((s) => s.traceId.toLowerCase()));
    expect(traces.size).toBe(2);
    expect(traces.has(CALLERS_TRACE)).toBe(false);
  });
});
