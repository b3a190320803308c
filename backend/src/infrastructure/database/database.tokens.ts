/** Injection token of the shared pg Pool used by the event store and the projection runner. */
export const PG_POOL = Symbol('PG_POOL');
