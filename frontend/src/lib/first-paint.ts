/**
 * How long a query a route's loader asked for stays current (app/first-paint-data.ts): the screen
 * that mounts just after it finds the answer and does not ask again. Mutations still invalidate
 * these queries at once; only a remount within this time reuses the answer.
 */
export const FIRST_PAINT_STALE_MS = 2_000;
