import { context, trace } from '@opentelemetry/api';
import { suppressTracing } from '@opentelemetry/core';
import { node } from '@opentelemetry/sdk-node';

import { inSpan, inSyncSpan } from './spans';

// Registered before any span: the module's tracer is a proxy that starts recording now.
const exporter = new node.InMemorySpanExporter();
new node.NodeTracerProvider({ spanProcessors: [new node.SimpleSpanProcessor(exporter)] }).register();

describe('our spans', () => {
  beforeEach(() => exporter.reset());

  it('runs the work in an active, recording span, and ends it', async () => {
    const seen = await inSpan('append milestone', { 'escrow.stream_id': 'milestone-1' }, async (span) => {
      expect(span.isRecording()).toBe(true);
      return trace.getActiveSpan() === span && inSyncSpan('decide ApproveMilestoneVersion', {}, () => trace.getActiveSpan()?.isRecording());
    });
    expect(seen).toBe(true);
    expect(exporter.getFinishedSpans().map((s) => s.name)).toEqual(['decide ApproveMilestoneVersion', 'append milestone']);
  });

  it('in a request the door left out, runs the work with no span active at all, so the pg instrumentation steps aside', async () => {
    const suppressed = suppressTracing(context.active());
    const active = await context.with(suppressed, () =>
      inSpan('append milestone', {}, async (span) => {
        expect(span.isRecording()).toBe(false);
        return [trace.getActiveSpan(), inSyncSpan('decide ApproveMilestoneVersion', {}, () => trace.getActiveSpan())];
      }),
    );
    expect(active).toEqual([undefined, undefined]);
    expect(exporter.getFinishedSpans()).toEqual([]);
  });

  it('passes the work’s error on, marking the span', async () => {
    await expect(inSpan('append milestone', {}, () => Promise.reject(new Error('stream moved on')))).rejects.toThrow('stream moved on');
    expect(exporter.getFinishedSpans().map((s) => [s.name, s.status.code, s.status.message])).toEqual([['append milestone', 2, 'stream moved on']]);
  });
});
