import type { ErrorCode, ErrorCodeFor } from './error-codes';

/**
 * A rule of the escrow was broken. `kind` tells the edge which HTTP status fits; `code` is the
 * stable machine code a client decides on (one of ERROR_CODES, for that status); `message` is
 * written for the person who made the request ("Only the buyer can deposit funds.").
 */
export type DomainErrorKind = 'invalid' | 'unprocessable' | 'forbidden' | 'not_found' | 'conflict' | 'gone' | 'unauthenticated' | 'rate_limited';

/** What some refusals carry besides their code and message, for the client to act on. */
export interface RefusalDetails {
  /** How long to wait before trying again (a rate limit). */
  retryAfterMs?: number;
  /**
   * Every rule a request broke, when it broke several (a pay application with three lines over
   * their scheduled values): one entry per rule, naming the line at fault.
   */
  problems?: RefusalProblem[];
}

/** One broken rule of a refusal that lists them all: its stable code, the line it is about (null: the whole request), and what to do. */
export interface RefusalProblem {
  code: ErrorCodeFor<400>;
  line: string | null;
  message: string;
}

export class DomainError extends Error {
  override readonly name = 'DomainError';
  constructor(
    readonly kind: DomainErrorKind,
    readonly code: ErrorCode,
    message: string,
    readonly details: RefusalDetails = {},
  ) {
    super(message);
  }
}

export const invalid = (code: ErrorCodeFor<400>, message: string) => new DomainError('invalid', code, message);
/** Well-formed but beyond what the escrow can hold (an amount over MAX_AMOUNT): 422. */
export const unprocessable = (code: ErrorCodeFor<422>, message: string) => new DomainError('unprocessable', code, message);
export const forbidden = (code: ErrorCodeFor<403>, message: string) => new DomainError('forbidden', code, message);
export const notFound = (code: ErrorCodeFor<404>, message: string) => new DomainError('not_found', code, message);
export const conflict = (code: ErrorCodeFor<409>, message: string) => new DomainError('conflict', code, message);
/** A link that worked once and never will again (an invitation used, withdrawn or expired): 410. */
export const gone = (code: ErrorCodeFor<410>, message: string) => new DomainError('gone', code, message);
/** The caller did not prove who they are (no session, a wrong password, an expired login): 401. */
export const unauthenticated = (code: ErrorCodeFor<401>, message: string) => new DomainError('unauthenticated', code, message);
/** Too many tries: 429, with when to try again. */
export const rateLimited = (code: ErrorCodeFor<429>, message: string, retryAfterMs: number) => new DomainError('rate_limited', code, message, { retryAfterMs });
