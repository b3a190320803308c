/**
 * What the contexts use of observability: the correlation of the work under way, spans, and the
 * process's metrics. The composition root wires the modules (metrics, tracing) and the logger
 * from their own files: exporting them here would make every context that counts or traces
 * import the whole metrics wiring, which itself asks the operations context for readiness.
 */
export { currentCorrelation, withCorrelation } from './correlation/correlation';
export { acceptedIdOrNull } from './correlation/request-id';
export { EscrowMetrics } from './metrics/escrow-metrics';
export { activeTraceparent, inSpan, inSyncSpan, SpanKind } from './tracing/spans';
