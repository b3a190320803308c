import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Who and what a unit of work belongs to: an HTTP request (its id, named by X-Request-Id) or a
 * worker acting on an event (that event's correlation id). Log lines, appended events, webhook
 * sends and provider calls made inside it carry the id, so one grep follows one request from
 * the route through the projectors, the dispatcher and the deliverer.
 */
export interface Correlation {
  correlationId: string;
  /** Set for an HTTP request: its id is the correlation id, and logs name it requestId. */
  request?: { readonly user?: { readonly userId: number } | null };
}

const storage = new AsyncLocalStorage<Correlation>();

/** The correlation of the work under way, if any. */
export function currentCorrelation(): Correlation | undefined {
  return storage.getStore();
}

/** Runs `work` (and everything it starts) under this correlation. */
export function withCorrelation<T>(correlation: Correlation, work: () => T): T {
  return storage.run(correlation, work);
}

/** Fields a log line adds for the work under way: the request id and user, or the event's correlation id. */
export function correlationFields(): Record<string, unknown> {
  const correlation = storage.getStore();
  if (!correlation) return {};
  if (!correlation.request) return { correlationId: correlation.correlationId };
  const userId = correlation.request.user?.userId;
  return userId === undefined ? { requestId: correlation.correlationId } : { requestId: correlation.correlationId, userId };
}
