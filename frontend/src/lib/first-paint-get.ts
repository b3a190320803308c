import { api, noteFetchedAnswer } from './api-client';

/**
 * How long a query a route's loader asked for stays current (app/first-paint-data.ts): the screen
 * that mounts just after it finds the answer and does not ask again. Mutations still invalidate
 * these queries at once; only a remount within this time reuses the answer.
 */
export const FIRST_PAINT_STALE_MS = 2_000;

/**
 * GET `/api${path}` for a screen's first paint. The API names these answers in the page it sends
 * (`<link rel="preload" as="fetch" crossorigin>`, backend/src/http/first-paint-data.ts), so the
 * browser asks for them while it reads the page, before any script has loaded; a `fetch` with
 * the preload's mode and credentials takes that answer instead of asking again (axios's
 * XMLHttpRequest did not match the preload, and the browser asked twice). Anything but a 2xx answer, and a
 * network error, is asked again through axios, so that the page meets errors as it meets every
 * other request's: with their codes, the step-up dialog and the renewed-session retry.
 */
export async function firstPaintGet<T>(path: string): Promise<T> {
  try {
    const response = await fetch(`/api${path}`, { credentials: 'same-origin' });
    if (response.ok) {
      const body = (await response.json()) as T;
      noteFetchedAnswer(response.headers);
      return body;
    }
    // Read to its end even so: a body left unread keeps the request open (and its connection busy).
    await response.text();
  } catch {
    // Asked again below, with axios's own handling.
  }
  return (await api.get<T>(path)).data;
}
