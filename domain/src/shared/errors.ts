/**
 * A rule of the escrow was broken. `kind` tells the edge which HTTP status fits; `message` is
 * written for the person who made the request ("Only the buyer can deposit funds.").
 */
export type DomainErrorKind = 'invalid' | 'unprocessable' | 'forbidden' | 'not_found' | 'conflict';

export class DomainError extends Error {
  override readonly name = 'DomainError';
  constructor(
    readonly kind: DomainErrorKind,
    readonly code: string,
    message: string,
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
