import type { RecordedEvent } from '@escrow/domain';
import { context, type Link, SpanStatusCode, trace } from '@opentelemetry/api';

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;
/** A batch of 5,000 events would carry 5,000 links: the first ones are enough to follow a request. */
const MAX_LINKS = 128;

const tracer = trace.getTracer('escrow-ledger-projections');

/** A link to the span that appended the event (its metadata's `traceparent`), when it was traced. */
export function linkToTraceparent(traceparent: unknown): Link | null {
  const match = typeof traceparent === 'string' ? TRACEPARENT.exec(traceparent) : null;
  if (!match || /^0+$/.test(match[1]!) || /^0+$/.test(match[2]!)) return null;
  return { context: { traceId: match[1]!, spanId: match[2]!, traceFlags: parseInt(match[3]!, 16), isRemote: true } };
}

/**
 * Runs a projector's batch in a span of its own trace, linked to the span of each command that
 * appended one of its events: the batch applies many requests' events at once, so it is no one
 * request's child (OpenTelemetry's batch-consumer shape). A no-op with tracing off. A batch whose
 * trace the sampler did not keep (nine in ten by default) runs with no span active at all: under
 * a non-recording span the pg instrumentation would still build a span, its attributes and its
 * duration for every statement of the batch (docs/performance.md, "Where the on arm's extra CPU
 * goes"); with none, it steps aside (`requireParentSpan`). The batch makes no other span.
 */
export function inProjectionSpan<T>(projector: string, events: readonly RecordedEvent[], work: () => Promise<T>): Promise<T> {
  const links: Link[] = [];
  const seen = new Set<string>();
  for (const event of events) {
    const link = linkToTraceparent(event.metadata.traceparent);
    if (!link || seen.has(link.context.spanId)) continue;
    seen.add(link.context.spanId);
    links.push(link);
    if (links.length >= MAX_LINKS) break;
  }
  const first = events[0]!;
  const last = events[events.length - 1]!;
  const span = tracer.startSpan(`project ${projector}`, {
    root: true,
    links,
    attributes: {
      'escrow.projector': projector,
      'escrow.events': events.length,
      'escrow.first_event_id': first.id,
      'escrow.last_event_id': last.id,
      'escrow.correlation_id': String(first.metadata.correlationId),
    },
  });
  if (!span.isRecording()) return context.with(trace.deleteSpan(context.active()), work);
  return context.with(trace.setSpan(context.active(), span), async () => {
    try {
      return await work();
    } catch (error) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
      throw error;
    } finally {
      span.end();
    }
  });
}
