import { SpanKind } from '@opentelemetry/api';
import { node } from '@opentelemetry/sdk-node';

import { RedactingSpanProcessor } from './span-redaction';

describe('RedactingSpanProcessor', () => {
  const exporter = new node.InMemorySpanExporter();
  const provider = new node.NodeTracerProvider({ spanProcessors: [new RedactingSpanProcessor([new node.SimpleSpanProcessor(exporter)])] });
  const tracer = provider.getTracer('@opentelemetry/instrumentation-http');
  afterAll(() => provider.shutdown());
  beforeEach(() => exporter.reset());

  // A webhook endpoint's URL may carry its secret in the path or the query (chat services do).
  it('sends a client span on with its host, method and status, without the URL it called', () => {
    tracer
      .startSpan('POST', {
        kind: SpanKind.CLIENT,
        attributes: {
          'http.request.method': 'POST',
          'url.full': 'https://hooks.example.test/services/T0/B0/s3cr3t?token=abc',
          'url.path': '/services/T0/B0/s3cr3t',
          'url.query': 'token=abc',
          'http.url': 'https://hooks.example.test/services/T0/B0/s3cr3t?token=abc',
          'server.address': 'hooks.example.test',
          'server.port': 443,
          'http.response.status_code': 204,
        },
      })
      .end();
    const [span] = exporter.getFinishedSpans();
    expect(span!.attributes).toEqual({
      'http.request.method': 'POST',
      'server.address': 'hooks.example.test',
      'server.port': 443,
      'http.response.status_code': 204,
    });
    expect(span!.droppedAttributesCount).toBe(4);
    expect(span!.spanContext().traceId).toMatch(/^[0-9a-f]{32}$/);
  });

  it("keeps a server span's route and our own escrow.* attributes, and drops the caller's address, agent and unknown attributes, in events too", () => {
    const span = tracer.startSpan('GET /api/customer/search/phone/:phone', {
      kind: SpanKind.SERVER,
      attributes: {
        'http.route': '/api/customer/search/phone/:phone',
        'url.path': '/api/customer/search/phone/6025550123',
        'http.target': '/api/customer/search/phone/6025550123',
        'client.address': '203.0.113.9',
        'network.peer.address': '203.0.113.9',
        'user_agent.original': 'Mozilla/5.0',
        'escrow.command': 'CreateBuyer',
        'enduser.id': 'buyer@demo.escrowledger.test',
      },
    });
    span.addEvent('note', { 'url.full': 'https://x.test/6025550123', 'exception.type': 'Error' });
    span.end();
    const [exported] = exporter.getFinishedSpans();
    expect(exported!.name).toBe('GET /api/customer/search/phone/:phone');
    expect(exported!.attributes).toEqual({ 'http.route': '/api/customer/search/phone/:phone', 'escrow.command': 'CreateBuyer' });
    expect(exported!.events.map((e) => e.attributes)).toEqual([{ 'exception.type': 'Error' }]);
    expect(JSON.stringify(exported!.attributes)).not.toContain('6025550123');
  });

  it('passes flushes and shutdowns on', async () => {
    const calls: string[] = [];
    const inner = new node.SimpleSpanProcessor(exporter);
    inner.forceFlush = async () => void calls.push('flush');
    inner.shutdown = async () => void calls.push('shutdown');
    const processor = new RedactingSpanProcessor([inner]);
    await processor.forceFlush();
    await processor.shutdown();
    expect(calls).toEqual(['flush', 'shutdown']);
  });
});
