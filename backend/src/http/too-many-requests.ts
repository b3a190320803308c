import { HttpException, HttpStatus } from '@nestjs/common';

/** A 429 that also says, in the Retry-After header, how many seconds to wait (RFC 9110 §10.2.3). */
export class TooManyRequestsException extends HttpException {
  readonly retryAfterSeconds: number;

  constructor(message: string, msBeforeNext: number) {
    super(message, HttpStatus.TOO_MANY_REQUESTS);
    this.retryAfterSeconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  }
}
