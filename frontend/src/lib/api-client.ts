import axios, { type AxiosError, type AxiosRequestConfig } from 'axios';
import axiosRetry, { exponentialDelay, isNetworkError } from 'axios-retry';

import { noteFreshness, notePosition, readAfter } from './read-your-writes';
import { changeAnswered, changeSent, changesSettled, isSessionRenewal } from './renewed-session';
import { askable, confirmStepUp, noteAccountRefusal, stepUpChallengeOf } from './step-up';

/**
 * The one HTTP client. axios reads the XSRF-TOKEN cookie and sends it back as X-XSRF-TOKEN on
 * every same-origin request, which is what the API's CSRF check wants (docs/design.md#sessions-and-csrf).
 */
export const api = axios.create({
  baseURL: '/api',
  withCredentials: true,
  xsrfCookieName: 'XSRF-TOKEN',
  xsrfHeaderName: 'X-XSRF-TOKEN',
  timeout: 30_000,
  headers: { Accept: 'application/json' },
});

/**
 * Options for a command: a fresh Idempotency-Key, so that the API applies it at most once however
 * often it is re-sent (see isRetryableCommand).
 */
export function asCommand(): { headers: { 'Idempotency-Key': string } } {
  return { headers: { 'Idempotency-Key': globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}` } };
}

const hasIdempotencyKey = (config: AxiosRequestConfig | undefined) =>
  Boolean(config?.headers && (config.headers as Record<string, unknown>)['Idempotency-Key']);

/**
 * A command carrying an Idempotency-Key is re-sent with the same key when the API was briefly
 * unavailable (503 while PostgreSQL restarts, a dropped connection): the server applies it at
 * most once, so a user's click is neither lost nor doubled. Requests without a key are never
 * re-sent here (queries have react-query's own retries).
 */
function isRetryableCommand(error: AxiosError): boolean {
  if (!hasIdempotencyKey(error.config)) return false;
  if (error.response) return error.response.status === 503;
  return isNetworkError(error);
}

/**
 * A query is asked again after a network error, or a 503 (PostgreSQL restarting, or read models
 * still catching up with the user's own change: the API says "try again in a moment"); any
 * other answer stands.
 */
export const shouldRetryQuery = (count: number, error: unknown): boolean => {
  const status = (error as { response?: { status?: number } }).response?.status;
  return count < 3 && (status === undefined || status === 503);
};

type Counted = AxiosRequestConfig & { countedChange?: boolean };
api.interceptors.request.use((config) => {
  const position = readAfter();
  if (position) config.headers.set('X-Escrow-Read-After', position);
  (config as Counted).countedChange = changeSent(config.method);
  return config;
});
const answered = (config: Counted | undefined) => {
  if (!config?.countedChange) return;
  config.countedChange = false;
  changeAnswered();
};
api.interceptors.response.use(
  (response) => {
    answered(response.config);
    return response;
  },
  (error: AxiosError) => {
    answered(error.config);
    return Promise.reject(error);
  },
);
const noteAnswer = (headers: Record<string, unknown> | undefined) => {
  if (!headers) return;
  notePosition(headers['x-escrow-position']);
  noteFreshness(headers['x-escrow-stale'] === 'true');
};
/** What axios notes of an answer, for an answer read with `fetch` (lib/first-paint-get.ts). */
export const noteFetchedAnswer = (headers: Headers) =>
  noteAnswer({ 'x-escrow-position': headers.get('x-escrow-position') ?? undefined, 'x-escrow-stale': headers.get('x-escrow-stale') ?? undefined });
api.interceptors.response.use(
  (response) => {
    noteAnswer(response.headers as Record<string, unknown>);
    return response;
  },
  (error: AxiosError) => {
    noteAnswer(error.response?.headers as Record<string, unknown> | undefined);
    return Promise.reject(error);
  },
);

/**
 * A request refused because the session was renewed meanwhile (401 `session_rotated`, issue 35:
 * a step-up or an account change elsewhere on the page, or in another tab) is sent once more
 * when the page's changes in flight are answered: the browser holds the new cookie by then. A
 * background refresh racing a step-up does not log its owner out.
 */
api.interceptors.response.use(undefined, async (error: AxiosError) => {
  const config = error.config as (AxiosRequestConfig & { renewedSessionRetry?: boolean }) | undefined;
  if (!config || config.renewedSessionRetry || !isSessionRenewal(error)) throw error;
  await changesSettled();
  return api.request({ ...config, renewedSessionRetry: true } as AxiosRequestConfig);
});

/**
 * Step-up in place (issue 25): a request the API refused for want of a fresh second factor (401
 * `step_up_required`) waits while the "Confirm it's you" dialog asks for one, then is sent once
 * more and its answer goes to the caller as if nothing had happened, so the form keeps what was
 * typed. Cancelling the dialog rejects with the original error. 403s a person can act on
 * (`second_factor_required`, `email_unverified`) are told to the page frame, which says what to do.
 */
api.interceptors.response.use(undefined, async (error: AxiosError) => {
  const challenge = stepUpChallengeOf(error);
  const config = error.config as (AxiosRequestConfig & { stepUpRound?: 'enrolled' | 'confirmed' }) | undefined;
  // Sent again once after a confirmation; after an enrolment in the dialog (a first factor does
  // not step the session up by itself) the next refusal asks for the new factor, then once more.
  const mayAsk = challenge && config && askable(config.url, challenge) && (!config.stepUpRound || (config.stepUpRound === 'enrolled' && challenge.enrolled));
  if (!mayAsk) {
    noteAccountRefusal(error);
    throw error;
  }
  try {
    await confirmStepUp(challenge);
  } catch {
    throw error;
  }
  return api.request({ ...config, stepUpRound: challenge.enrolled ? 'confirmed' : 'enrolled' } as AxiosRequestConfig);
});

axiosRetry(api, { retries: 4, retryDelay: (count, error) => exponentialDelay(count, error, 250), retryCondition: isRetryableCommand });

/**
 * What to show a person: the API's own message when it sent one, else axios's ('Request failed
 * with status code N', 'Network Error', …). To decide what to do, read the code (errorCode).
 */
export function errorMessage(error: unknown): string {
  if (axios.isAxiosError(error)) {
    const body = (error as AxiosError<{ message?: unknown }>).response?.data;
    if (body && typeof body.message === 'string' && body.message) return body.message;
    return error.message;
  }
  return error instanceof Error ? error.message : String(error);
}

export function errorStatus(error: unknown): number | null {
  return axios.isAxiosError(error) ? (error.response?.status ?? null) : null;
}
