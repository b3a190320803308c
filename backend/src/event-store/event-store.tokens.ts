/** Injection token of the configured EventStore adapter (see event-store.module.ts). */
export const EVENT_STORE = Symbol('EVENT_STORE');
/** The same store without upcasting: events exactly as stored (their hashes cover that shape). Closed with EVENT_STORE. */
export const STORED_EVENT_STORE = Symbol('STORED_EVENT_STORE');
