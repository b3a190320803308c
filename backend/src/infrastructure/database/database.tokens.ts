/** Injection token of the shared pg Pool used by the event store and the projection runner. */
export const PG_POOL = Symbol('PG_POOL');

/** Connection string of the database actually in use (embedded or DATABASE_URL). */
export const DATABASE_URL = Symbol('DATABASE_URL');
