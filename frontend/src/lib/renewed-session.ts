import { errorCode } from './api-error';

/**
 * A renewed session (issue 35): a step-up or a change to the account gives the browser a new
 * session cookie, and a request this page sent before that answer arrived is refused with 401
 * `session_rotated` (it is granted nothing). Only a change renews a session, so once the page's
 * changes in flight are answered the browser holds the new cookie, and the request can go again.
 */
export function isSessionRenewal(error: unknown): boolean {
  return errorCode(error) === 'session_rotated';
}

const CHANGES = new Set(['post', 'put', 'patch', 'delete']);
let changesInFlight = 0;
let waiting: (() => void)[] = [];

/** Counts a request going out; answers whether it was counted (a change), for changeAnswered. */
export function changeSent(method: string | undefined): boolean {
  if (!CHANGES.has((method ?? 'get').toLowerCase())) return false;
  changesInFlight += 1;
  return true;
}

export function changeAnswered(): void {
  changesInFlight = Math.max(0, changesInFlight - 1);
  if (changesInFlight === 0) waiting.splice(0).forEach((resolve) => resolve());
}

/**
 * Resolves when every change this page has in flight is answered (the one that renewed the
 * session among them), or after `boundMs`: a renewal made in another tab already set the cookie
 * this browser shares by the time its old cookie is refused.
 */
export function changesSettled(boundMs = 5_000): Promise<void> {
  if (changesInFlight === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, boundMs);
    waiting.push(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** For tests: forget what was counted. */
export function resetChangesInFlight(): void {
  changesInFlight = 0;
  waiting = [];
}
