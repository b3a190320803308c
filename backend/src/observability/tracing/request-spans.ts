import { context, type Span, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { FastifyReply, FastifyRequest } from 'fastify';

const tracer = trace.getTracer('escrow-ledger');
const spans = new WeakMap<FastifyRequest, Span>();

/**
 * Runs the rest of the request inside a request span when no HTTP instrumentation made one: a
 * request injected without a socket (tests, `app.inject`), or OTEL_NODE_DISABLED_INSTRUMENTATIONS
 * naming http. With the HTTP instrumentation on, its server span is already active here and is
 * the request's span. With tracing off the span does not record and nothing is changed.
 */
export function runInRequestSpan(request: FastifyRequest, work: () => void): void {
  if (trace.getActiveSpan()) return work();
  const span = tracer.startSpan(request.method, { kind: SpanKind.SERVER, attributes: { 'http.request.method': request.method } });
  if (!span.isRecording()) return work();
  spans.set(request, span);
  context.with(trace.setSpan(context.active(), span), work);
}

/** Names the span by its route (the pattern: no id or token of the path) and ends it. */
export function endRequestSpan(request: FastifyRequest, reply: FastifyReply): void {
  const span = spans.get(request);
  if (!span) return;
  const route = request.routeOptions.url;
  span.updateName(route ? `${request.method} ${route}` : request.method);
  span.setAttributes({ 'http.response.status_code': reply.statusCode, ...(route ? { 'http.route': route } : {}) });
  if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
  span.end();
}
