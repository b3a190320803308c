import type { ErrorBody, ErrorCode } from '@escrow/domain';
import axios from 'axios';

/**
 * The API's error answer (docs/api-errors.md), when the error is one: every 4xx and 5xx has a
 * stable `code` the portal decides on, and a `message` it shows. A screen never looks at the
 * message's words to decide (the lint refuses it: eslint-rules/error-codes.mjs).
 */
export function apiErrorOf(error: unknown): ErrorBody | null {
  if (!axios.isAxiosError(error)) return null;
  const body = error.response?.data as Partial<ErrorBody> | undefined;
  return body && typeof body === 'object' && typeof body.code === 'string' ? (body as ErrorBody) : null;
}

/** The machine code of an API refusal, or null (no answer, or not from the API). */
export function errorCode(error: unknown): ErrorCode | null {
  return apiErrorOf(error)?.code ?? null;
}

/** The field an API refusal is about (`title`, `payees[0].amount`), when it names one. */
export function errorParam(error: unknown): string | null {
  return apiErrorOf(error)?.param ?? null;
}
