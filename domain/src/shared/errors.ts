/**
 * A rule of the escrow was broken. `kind` tells the edge which HTTP status fits; `message` is
 * written for the person who made the request ("Only the buyer can deposit funds.").
 */
export type DomainErrorKind = 'invalid' | 'unprocessable' | 'forbidden' | 'not_found' | 'conflict' | 'gone' | 'unauthenticated' | 'rate_limited';

/** What some refusals carry besides their message, for the client to act on. */
export interface RefusalDetails {
  /** A machine-readable cause the portal acts on (`login_expired`, `second_factor_required`, …). */
  reason?: string;
  /** How long to wait before trying again (a rate limit). */
  retryAfterMs?: number;
}

export class DomainError extends Error {
  override readonly name = 'DomainError';
  constructor(
    readonly kind: DomainErrorKind,
    readonly code: string,
    message: string,
    readonly details: RefusalDetails = {},
  ) {
    super(message);
  }
}

export const invalid = (code: string, message: string) => new DomainError('invalid', code, message);
/** Well-formed but beyond what the escrow can hold (an amount over MAX_AMOUNT): 422. */
export const unprocessable = (code: string, message: string) => new DomainError('unprocessable', code, message);
export const forbidden = (code: string, message: string) => new DomainError('forbidden', code, message);
export const notFound = (code: string, message: string) => new DomainError('not_found', code, message);
export const conflict = (code: string, message: string) => new DomainError('conflict', code, message);
/** The caller did not prove who they are (no session, a wrong password, an expired login): 401. */
export const unauthenticated = (code: string, message: string, reason?: string) => new DomainError('unauthenticated', code, message, reason ? { reason } : {});
/** Too many tries: 429, with when to try again. */
export const rateLimited = (code: string, message: string, retryAfterMs: number) => new DomainError('rate_limited', code, message, { retryAfterMs });
