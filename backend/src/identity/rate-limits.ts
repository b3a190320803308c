import { rateLimited } from '@escrow/domain';
import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';

import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.tokens';
import { PG_POOL } from '../infrastructure/database/database.tokens';

function minutes(ms: number): string {
  const m = Math.max(1, Math.ceil(ms / 60000));
  return `${m} minute${m === 1 ? '' : 's'}`;
}

/** The counter a password check was taken from, so a success can start it again. */
export interface PasswordCheck {
  limiter: RateLimiterPostgres;
  key: string;
}

/** The table of CreateRateLimitsAndServerSecrets: one row per key, shared by every API process. */
const RATE_LIMITS_TABLE = 'rate_limits';

/**
 * Limits on guessing: password checks per email (and per email on a known browser), login
 * attempts per client address, password-reset requests and code checks. The counters live in
 * PostgreSQL and every consume is one atomic upsert, so several API processes share them and any
 * number of requests arriving at once get exactly the allowance, never more.
 */
@Injectable()
export class RateLimits {
  private readonly checksPerEmail: RateLimiterPostgres;
  private readonly checksPerDevice: RateLimiterPostgres;
  private readonly loginFailuresPerAddress: RateLimiterPostgres;
  private readonly resetRequestsPerEmail: RateLimiterPostgres;
  private readonly resetRequestsPerAddress: RateLimiterPostgres;
  private readonly codeChecksPerAddress: RateLimiterPostgres;
  private readonly publicFormsPerAddress: RateLimiterPostgres;
  private readonly secondFactorChecksPerUser: RateLimiterPostgres;

  constructor(@Inject(APP_CONFIG) config: AppConfig, @Inject(PG_POOL) pool: Pool) {
    const policy = config.rateLimits;
    const limiter = (keyPrefix: string, { points, seconds }: { points: number; seconds: number }, clearExpired = false) =>
      new RateLimiterPostgres({
        storeClient: pool,
        storeType: 'pool',
        tableName: RATE_LIMITS_TABLE,
        // Created by the migration: the library would create its own varchar(255) table at start.
        tableCreated: true,
        // One limiter per process deletes rows expired an hour ago, every five minutes.
        clearExpiredByTimeout: clearExpired,
        keyPrefix,
        points,
        duration: seconds,
      });
    this.checksPerEmail = limiter('login-email', policy.loginChecksPerEmail, true);
    this.checksPerDevice = limiter('login-device', policy.loginChecksPerDevice);
    this.loginFailuresPerAddress = limiter('login-ip', policy.loginFailuresPerAddress);
    this.resetRequestsPerEmail = limiter('reset-email', policy.resetRequestsPerEmail);
    this.resetRequestsPerAddress = limiter('reset-ip', policy.resetRequestsPerAddress);
    this.codeChecksPerAddress = limiter('code-ip', policy.codeChecksPerAddress);
    this.publicFormsPerAddress = limiter('forms-ip', policy.publicFormsPerAddress);
    this.secondFactorChecksPerUser = limiter('second-factor-user', policy.secondFactorChecksPerUser);
  }

  /** Every login attempt takes a point from its address first; a success gives it back. */
  async loginAttempted(address: string): Promise<void> {
    await this.consume(this.loginFailuresPerAddress, address, 'Too many failed logins for your network address.');
  }

  /**
   * Takes the point for one password check before the check runs: 30 guesses at once get 5
   * checks, not 26. A browser that logged in to this account before (`knownDevice`) checks
   * against its own allowance, so strangers exhausting the email's cannot lock its owner out.
   */
  async passwordCheckStarting(email: string, knownDevice: { userId: number; deviceId: string } | null): Promise<PasswordCheck> {
    const check: PasswordCheck = knownDevice
      ? { limiter: this.checksPerDevice, key: `${knownDevice.userId}:${knownDevice.deviceId}` }
      : { limiter: this.checksPerEmail, key: email };
    await this.consume(check.limiter, check.key, 'Too many failed logins for this email.');
    return check;
  }

  /** The password was right: that counter starts again and the address gets its point back. */
  async loginSucceeded(check: PasswordCheck, address: string): Promise<void> {
    await Promise.all([check.limiter.delete(check.key), this.loginFailuresPerAddress.reward(address, 1)]);
  }

  async resetRequested(email: string, address: string): Promise<void> {
    await this.consume(this.resetRequestsPerEmail, email, 'Too many reset requests for this email.');
    await this.consume(this.resetRequestsPerAddress, address, 'Too many reset requests from your network address.');
  }

  async codeChecked(address: string): Promise<void> {
    await this.consume(this.codeChecksPerAddress, address, 'Too many attempts with links or codes.');
  }

  /** Takes a point before a second-factor code is checked, so parallel guesses get no more checks than the allowance. */
  async secondFactorCheckStarting(userId: number): Promise<void> {
    await this.consume(this.secondFactorChecksPerUser, String(userId), 'Too many wrong codes.');
  }

  async secondFactorSucceeded(userId: number): Promise<void> {
    await this.secondFactorChecksPerUser.delete(String(userId));
  }

  async publicFormSent(address: string): Promise<void> {
    await this.consume(this.publicFormsPerAddress, address, 'Too many requests from your network address.');
  }

  private async consume(limiter: RateLimiterPostgres, key: string, message: string): Promise<void> {
    try {
      await limiter.consume(key);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes)
        throw rateLimited('too_many_attempts', `${message} Try again in ${minutes(rejection.msBeforeNext)}.`, rejection.msBeforeNext);
      throw rejection;
    }
  }
}
