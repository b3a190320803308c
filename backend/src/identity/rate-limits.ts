import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.tokens';

function minutes(ms: number): string {
  const m = Math.max(1, Math.ceil(ms / 60000));
  return `${m} minute${m === 1 ? '' : 's'}`;
}

/** A 429 that also says, in the Retry-After header, how many seconds to wait (RFC 9110 §10.2.3). */
export class TooManyRequestsException extends HttpException {
  readonly retryAfterSeconds: number;

  constructor(message: string, msBeforeNext: number) {
    super(message, HttpStatus.TOO_MANY_REQUESTS);
    this.retryAfterSeconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  }
}

/**
 * Limits on guessing: failed logins per email and per client address, password-reset requests
 * and code checks. Counters live in this process (one API process per deployment here; several
 * would share a PostgreSQL- or Redis-backed limiter from the same library).
 */
@Injectable()
export class RateLimits {
  private readonly loginFailuresPerEmail: RateLimiterMemory;
  private readonly loginFailuresPerAddress: RateLimiterMemory;
  private readonly resetRequestsPerEmail: RateLimiterMemory;
  private readonly resetRequestsPerAddress: RateLimiterMemory;
  private readonly codeChecksPerAddress: RateLimiterMemory;
  private readonly publicFormsPerAddress: RateLimiterMemory;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    const policy = config.rateLimits;
    const limiter = (keyPrefix: string, { points, seconds }: { points: number; seconds: number }) => new RateLimiterMemory({ keyPrefix, points, duration: seconds });
    this.loginFailuresPerEmail = limiter('login-email', policy.loginFailuresPerEmail);
    this.loginFailuresPerAddress = limiter('login-ip', policy.loginFailuresPerAddress);
    this.resetRequestsPerEmail = limiter('reset-email', policy.resetRequestsPerEmail);
    this.resetRequestsPerAddress = limiter('reset-ip', policy.resetRequestsPerAddress);
    this.codeChecksPerAddress = limiter('code-ip', policy.codeChecksPerAddress);
    this.publicFormsPerAddress = limiter('forms-ip', policy.publicFormsPerAddress);
  }

  /** Refuses before checking the password when either counter is exhausted. */
  async assertLoginAllowed(email: string, address: string): Promise<void> {
    for (const [limiter, key, subject] of [
      [this.loginFailuresPerEmail, email, 'this email'],
      [this.loginFailuresPerAddress, address, 'your network address'],
    ] as const) {
      const state = await limiter.get(key);
      if (state && state.remainingPoints <= 0) {
        throw new TooManyRequestsException(`Too many failed logins for ${subject}. Try again in ${minutes(state.msBeforeNext)}.`, state.msBeforeNext);
      }
    }
  }

  async loginFailed(email: string, address: string): Promise<void> {
    await Promise.all([this.loginFailuresPerEmail.consume(email).catch(() => undefined), this.loginFailuresPerAddress.consume(address).catch(() => undefined)]);
  }

  async loginSucceeded(email: string): Promise<void> {
    await this.loginFailuresPerEmail.delete(email);
  }

  async resetRequested(email: string, address: string): Promise<void> {
    await this.consume(this.resetRequestsPerEmail, email, 'Too many reset requests for this email.');
    await this.consume(this.resetRequestsPerAddress, address, 'Too many reset requests from your network address.');
  }

  async codeChecked(address: string): Promise<void> {
    await this.consume(this.codeChecksPerAddress, address, 'Too many attempts with links or codes.');
  }

  async publicFormSent(address: string): Promise<void> {
    await this.consume(this.publicFormsPerAddress, address, 'Too many requests from your network address.');
  }

  private async consume(limiter: RateLimiterMemory, key: string, message: string): Promise<void> {
    try {
      await limiter.consume(key);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) throw new TooManyRequestsException(`${message} Try again in ${minutes(rejection.msBeforeNext)}.`, rejection.msBeforeNext);
      throw rejection;
    }
  }
}
