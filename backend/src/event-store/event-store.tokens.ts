/** Injection token of the configured EventStore adapter (see event-store.module.ts). */
export const EVENT_STORE = Symbol('EVENT_STORE');
