import type { Context } from '@opentelemetry/api';
import type { getSpanProcessorsFromEnv } from '@opentelemetry/sdk-node/build/src/utils';

type SpanProcessor = ReturnType<typeof getSpanProcessorsFromEnv>[number];
type ReadableSpan = Parameters<SpanProcessor['onEnd']>[0];
type WritableSpan = Parameters<SpanProcessor['onStart']>[0];

/**
 * The attributes a span may take out of the process: what says which route, which operation,
 * how it went and where it went, never what was asked. A URL, path or query (`url.*`,
 * `http.target`, `http.url`) can hold a phone number, a search text, a reset or invitation code,
 * or a webhook endpoint's secret path; the caller's address and user agent identify a person.
 * The logs keep to the same line (docs/operations.md, "Logs"). An allow-list, so that an
 * attribute a new instrumentation or semantic-conventions version adds stays home until someone
 * decides it may go. `db.query.text` is the statement with its `$1` placeholders: the pg
 * instrumentation records values only with `enhancedDatabaseReporting`, which stays off.
 */
const EXPORTED_ATTRIBUTES = new Set([
  // HTTP, server and client spans (stable semantic conventions, and the old names of the same facts).
  'http.request.method',
  'http.request.method_original',
  'http.response.status_code',
  'http.route',
  'url.scheme',
  'network.protocol.name',
  'network.protocol.version',
  'server.address',
  'server.port',
  'error.type',
  'http.method',
  'http.status_code',
  'http.scheme',
  'http.flavor',
  // @fastify/otel: which hook or handler.
  'fastify.type',
  'fastify.root',
  'hook.name',
  'hook.callback.name',
  // pg.
  'db.system',
  'db.system.name',
  'db.name',
  'db.namespace',
  'db.operation',
  'db.operation.name',
  'db.statement',
  'db.query.text',
  'db.postgresql.plan',
  'db.postgresql.idle.timeout.millis',
  // Recorded exceptions (the messages are ours and the driver's, written without personal data).
  'exception.type',
  'exception.message',
  'exception.stacktrace',
  'exception.escaped',
]);

/** Our own spans' attributes (escrow.command, escrow.stream_id, …): ids and names of things, never a person's data. */
const exportedAttribute = (key: string) => EXPORTED_ATTRIBUTES.has(key) || key.startsWith('escrow.');

function kept(attributes: ReadableSpan['attributes']): { attributes: ReadableSpan['attributes']; dropped: number } {
  const entries = Object.entries(attributes);
  const allowed = entries.filter(([key]) => exportedAttribute(key));
  return { attributes: Object.fromEntries(allowed), dropped: entries.length - allowed.length };
}

/** The span as it may leave the process: the same span, less the attributes not on the list (in its events and links too). */
function redactedSpan(span: ReadableSpan): ReadableSpan {
  const { attributes, dropped } = kept(span.attributes);
  return {
    name: span.name,
    kind: span.kind,
    spanContext: () => span.spanContext(),
    parentSpanContext: span.parentSpanContext,
    startTime: span.startTime,
    endTime: span.endTime,
    status: span.status,
    attributes,
    links: span.links.map((link) => ({ ...link, attributes: link.attributes && kept(link.attributes).attributes })),
    events: span.events.map((event) => ({ ...event, attributes: event.attributes && kept(event.attributes).attributes })),
    duration: span.duration,
    ended: span.ended,
    resource: span.resource,
    instrumentationScope: span.instrumentationScope,
    droppedAttributesCount: span.droppedAttributesCount + dropped,
    droppedEventsCount: span.droppedEventsCount,
    droppedLinksCount: span.droppedLinksCount,
  };
}

/**
 * Stands before the exporting processors (those OTEL_TRACES_EXPORTER chose) and hands them each
 * span redacted: one place for every instrumentation (http server and client, fastify, pg) and
 * for our own spans, whatever exporter is configured.
 */
export class RedactingSpanProcessor implements SpanProcessor {
  constructor(private readonly exporting: SpanProcessor[]) {}

  onStart(span: WritableSpan, parentContext: Context): void {
    for (const processor of this.exporting) processor.onStart(span, parentContext);
  }

  onEnd(span: ReadableSpan): void {
    const redacted = redactedSpan(span);
    for (const processor of this.exporting) processor.onEnd(redacted);
  }

  async forceFlush(): Promise<void> {
    await Promise.all(this.exporting.map((processor) => processor.forceFlush()));
  }

  async shutdown(): Promise<void> {
    await Promise.all(this.exporting.map((processor) => processor.shutdown()));
  }
}
