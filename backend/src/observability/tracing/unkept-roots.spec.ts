import { inProjectionSpan } from '@escrow/projections';
import { context, trace } from '@opentelemetry/api';
import { isTracingSuppressed } from '@opentelemetry/core';
import { node, tracing } from '@opentelemetry/sdk-node';

import { inSpan, inSyncSpan } from './spans';

/** Keeps every trace but those whose root's name holds "not kept": what the ratio sampler does to nine in ten. */
const notKeptByName: tracing.Sampler = {
  shouldSample: (_context, _traceId, name) => ({
    decision: name.includes('not kept') ? tracing.SamplingDecision.NOT_RECORD : tracing.SamplingDecision.RECORD_AND_SAMPLED,
  }),
  toString: () => 'NotKeptByName',
};

// Registered before any span: the modules' tracers are proxies that start recording now.
const exporter = new node.InMemorySpanExporter();
new node.NodeTracerProvider({
  sampler: new tracing.ParentBasedSampler({ root: notKeptByName }),
  spanProcessors: [new node.SimpleSpanProcessor(exporter)],
}).register();

/** What the work inside sees: the pg instrumentation (`requireParentSpan`) steps aside only when no span is active. */
const seenInside = async () => ({
  active: trace.getActiveSpan(),
  suppressed: isTracingSuppressed(context.active()),
  child: await inSpan('append milestone', {}, async () => trace.getActiveSpan()),
  decided: inSyncSpan('decide ApproveMilestoneVersion', {}, () => trace.getActiveSpan()),
});

describe('work of no request whose trace is not kept', () => {
  beforeEach(() => exporter.reset());

  it('a root of ours not kept (a payment handed on, a webhook delivery) runs with tracing suppressed and no span active', async () => {
    const seen = await inSpan('not kept payment provider submit', {}, async (span) => {
      expect(span.isRecording()).toBe(false);
      return seenInside();
    });
    expect(seen).toEqual({ active: undefined, suppressed: true, child: undefined, decided: undefined });
    expect(inSyncSpan('not kept decide', {}, () => [trace.getActiveSpan(), isTracingSuppressed(context.active())])).toEqual([undefined, true]);
    expect(exporter.getFinishedSpans()).toEqual([]);
  });

  it('a root of ours that is kept runs in its span, with its children', async () => {
    const seen = await inSpan('webhook delivery', {}, async (span) => ({ ...(await seenInside()), root: span }));
    expect(seen.active).toBe(seen.root);
    expect(seen.suppressed).toBe(false);
    expect(exporter.getFinishedSpans().map((s) => [s.name, s.parentSpanContext?.spanId])).toEqual([
      ['append milestone', seen.root.spanContext().spanId],
      ['decide ApproveMilestoneVersion', seen.root.spanContext().spanId],
      ['webhook delivery', undefined],
    ]);
  });

  const event = { id: 'e1', metadata: { correlationId: 'c1' } } as unknown as Parameters<typeof inProjectionSpan>[1][number];

  it("a projector's batch not kept runs with no span active, even inside a kept request's span", async () => {
    const active = await inSpan('POST /api/milestone/approval', {}, () => inProjectionSpan('not kept milestones', [event], async () => trace.getActiveSpan()));
    expect(active).toBeUndefined();
    expect(exporter.getFinishedSpans().map((s) => s.name)).toEqual(['POST /api/milestone/approval']);
  });

  it("a projector's batch that is kept runs in a span of its own trace", async () => {
    const active = await inProjectionSpan('milestones', [event], async () => trace.getActiveSpan());
    const [batch] = exporter.getFinishedSpans();
    expect(batch?.name).toBe('project milestones');
    expect(active?.spanContext().spanId).toBe(batch?.spanContext().spanId);
    expect(batch?.parentSpanContext).toBeUndefined();
  });
});
