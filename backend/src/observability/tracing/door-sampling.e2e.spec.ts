import { TracedApi } from '../../../test/support/traced-api';

const KEPT_TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const DROPPED_TRACE = '0af7651916cd43dd8448eb211c80319c';

/**
 * The built program with the deployment's default sampler at a ratio of 0 (door-sampling.ts):
 * the door lets in no request of its own choosing, so only a caller's sampled `traceparent` makes
 * a trace, and a request left out exports nothing at all: no server span, no hook or handler
 * span, no statement.
 */
describe('sampling at the door, in the built program', () => {
  let api: TracedApi;
  let logged: { msg?: string; traceId?: string }[] = [];

  beforeAll(async () => {
    // The default sampler (parentbased_traceidratio), keeping no new trace.
    api = await TracedApi.start({ OTEL_TRACES_SAMPLER_ARG: '0' });
    const health = (traceparent?: string) =>
      fetch(`${api.baseUrl}/api/health`, { headers: traceparent ? { traceparent } : {} }).then((r) => expect(r.status).toBe(200));
    for (let i = 0; i < 10; i++) await health();
    await health(`00-${KEPT_TRACE}-b7ad6b7169203331-01`);
    await health(`00-${DROPPED_TRACE}-b7ad6b7169203331-00`);
    await api.stop();
    logged = api.run.output.flatMap((line) => {
      try {
        return [JSON.parse(line) as { msg?: string; traceId?: string }];
      } catch {
        return [];
      }
    });
  }, 120_000);

  afterAll(() => api?.close());

  it("exports the trace of the request whose caller sampled it, and nothing of the others'", () => {
    const spans = api.collector.spans();
    const traces = [...new Set(spans.map((s) => s.traceId.toLowerCase()))];
    expect(traces).toEqual([KEPT_TRACE]);
    const server = spans.filter((s) => s.scope === '@opentelemetry/instrumentation-http' && s.kind === 2);
    expect(server.map((s) => s.name)).toEqual(['GET /api/health']);
    expect(new Set(spans.map((s) => s.scope))).toEqual(new Set(['@opentelemetry/instrumentation-http', '@fastify/otel', '@opentelemetry/instrumentation-pg']));
  });

  it('made no span for a request left out: its log line names no trace', () => {
    // Sampled after its spans were made, a request left out still had a trace id of its own (or its caller's).
    const requests = logged.filter((line) => line.msg === 'request completed');
    expect(requests).toHaveLength(12);
    expect(requests.filter((line) => line.traceId !== undefined).map((line) => line.traceId)).toEqual([KEPT_TRACE]);
  });
});
