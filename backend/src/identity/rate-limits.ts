import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

function minutes(ms: number): string {
  const m = Math.max(1, Math.ceil(ms / 60000));
  return `${m} minute${m === 1 ? '' : 's'}`;
}

class TooManyRequests extends HttpException {
  constructor(message: string) {
    super(message, HttpStatus.TOO_MANY_REQUESTS);
  }
}

/**
 * Limits on guessing: failed logins per email and per client address, password-reset requests
 * and code checks. Counters live in this process (one API process per deployment here; several
 * would share a PostgreSQL- or Redis-backed limiter from the same library).
 */
@Injectable()
export class RateLimits {
  private readonly loginFailuresPerEmail = new RateLimiterMemory({ keyPrefix: 'login-email', points: 5, duration: 15 * 60 });
  private readonly loginFailuresPerAddress = new RateLimiterMemory({ keyPrefix: 'login-ip', points: 20, duration: 15 * 60 });
  private readonly resetRequestsPerEmail = new RateLimiterMemory({ keyPrefix: 'reset-email', points: 3, duration: 60 * 60 });
  private readonly resetRequestsPerAddress = new RateLimiterMemory({ keyPrefix: 'reset-ip', points: 10, duration: 60 * 60 });
  private readonly codeChecksPerAddress = new RateLimiterMemory({ keyPrefix: 'code-ip', points: 30, duration: 15 * 60 });
  private readonly publicFormsPerAddress = new RateLimiterMemory({ keyPrefix: 'forms-ip', points: 20, duration: 60 * 60 });

  /** Refuses before checking the password when either counter is exhausted. */
  async assertLoginAllowed(email: string, address: string): Promise<void> {
    for (const [limiter, key, subject] of [
      [this.loginFailuresPerEmail, email, 'this email'],
      [this.loginFailuresPerAddress, address, 'your network address'],
    ] as const) {
      const state = await limiter.get(key);
      if (state && state.remainingPoints <= 0) {
        throw new TooManyRequests(`Too many failed logins for ${subject}. Try again in ${minutes(state.msBeforeNext)}.`);
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
      if (rejection instanceof RateLimiterRes) throw new TooManyRequests(`${message} Try again in ${minutes(rejection.msBeforeNext)}.`);
      throw rejection;
    }
  }
}
