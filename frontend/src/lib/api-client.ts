import axios, { AxiosError } from 'axios';

/**
 * The one HTTP client. axios reads the XSRF-TOKEN cookie and sends it back as X-XSRF-TOKEN on
 * every same-origin request, which is what the API's CSRF check wants (spec §7).
 */
export const api = axios.create({
  baseURL: '/api',
  withCredentials: true,
  xsrfCookieName: 'XSRF-TOKEN',
  xsrfHeaderName: 'X-XSRF-TOKEN',
  timeout: 30_000,
  headers: { Accept: 'application/json' },
});

/** The API's own message when it sent one, else axios's ('Request failed with status code N', 'Network Error', …). */
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

export const isCancel = axios.isCancel;
