import { type Attributes, context, INVALID_SPAN_CONTEXT, type Link, type Span, SpanKind, SpanStatusCode, trace, TraceFlags } from '@opentelemetry/api';
import { isTracingSuppressed, suppressTracing } from '@opentelemetry/core';

const tracer = trace.getTracer('escrow-ledger');

/**
 * In a request the door left out (door-sampling.ts) the work runs with no span at all, not even
 * the SDK's no-op one made active: with no span around them, the pg instrumentation's wrappers
 * step aside for the statements inside (`requireParentSpan`).
 */
const leftOut = (): boolean => isTracingSuppressed(context.active());

const NO_SPAN = trace.wrapSpanContext(INVALID_SPAN_CONTEXT);

/**
 * A new root (work of no request: a payment handed to the provider, a webhook delivery) whose
 * trace the sampler did not keep: it runs as a request the door left out does, with tracing
 * suppressed and no span active, instead of under a non-recording span that every statement and
 * span inside it would still pay for (the pg instrumentation builds its span, attributes and
 * duration for any active span, kept or not). Which spans are exported does not change: the
 * children of a root not kept are not kept either (parent-based sampling).
 */
const isUnkeptRoot = (span: Span, parent: Span | undefined): boolean => parent === undefined && !span.isRecording();

/** Marks the span with the work's error, which passes on. */
function failed(span: Span, error: unknown): unknown {
  span.recordException(error as Error);
  span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
  return error;
}

/**
 * Runs `work` in a new active span (a child of the active one): its errors mark the span and
 * pass on. Without a tracer provider (tracing off) the span is a no-op and costs next to nothing.
 */
export function inSpan<T>(
  name: string,
  attributes: Attributes,
  work: (span: Span) => Promise<T>,
  options: { kind?: SpanKind; links?: Link[] } = {},
): Promise<T> {
  if (leftOut()) return work(NO_SPAN);
  const span = tracer.startSpan(name, { attributes, kind: options.kind ?? SpanKind.INTERNAL, links: options.links });
  const parent = trace.getActiveSpan();
  if (isUnkeptRoot(span, parent)) return context.with(suppressTracing(context.active()), () => work(NO_SPAN));
  return context.with(trace.setSpan(context.active(), span), async () => {
    try {
      return await work(span);
    } catch (error) {
      throw failed(span, error);
    } finally {
      span.end();
    }
  });
}

/** The same for synchronous work (the decider). */
export function inSyncSpan<T>(name: string, attributes: Attributes, work: () => T): T {
  if (leftOut()) return work();
  const span = tracer.startSpan(name, { attributes });
  if (isUnkeptRoot(span, trace.getActiveSpan())) return context.with(suppressTracing(context.active()), work);
  return context.with(trace.setSpan(context.active(), span), () => {
    try {
      return work();
    } catch (error) {
      throw failed(span, error);
    } finally {
      span.end();
    }
  });
}

/**
 * The W3C traceparent of the active span, for an event's metadata: a projector that applies the
 * event later links its span to this trace. Undefined when nothing is traced.
 */
export function activeTraceparent(): string | undefined {
  const context = trace.getActiveSpan()?.spanContext();
  if (!context || !trace.isSpanContextValid(context)) return undefined;
  return `00-${context.traceId}-${context.spanId}-${(context.traceFlags & TraceFlags.SAMPLED) === TraceFlags.SAMPLED ? '01' : '00'}`;
}

export { SpanKind };
