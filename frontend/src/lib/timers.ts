/** Timers of docs/product.md#timers, in one place. */
export const ALERT_MS = 2000;
export const TOAST_PARTY_ADDED_MS = 800;
export const TOAST_APPROVAL_MS = 2000;
export const TOAST_PROJECT_CREATED_MS = 3000;
export const TOAST_MARKED_COMPLETE_MS = 5000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
