// Plain data (no imports), so the configuration can carry it without pulling in the limiter.

/** How many attempts (points) each limit allows per window (seconds). */
export interface RateLimitPolicy {
  /** Password checks per email, counted before the check (so parallel guesses cannot slip past); a success starts the count again. */
  loginChecksPerEmail: { points: number; seconds: number };
  /** The same for a browser that logged in to the account before (signed device cookie): its own allowance, untouched by strangers' guesses. */
  loginChecksPerDevice: { points: number; seconds: number };
  /** Login attempts per client address that did not succeed (counted first, given back on success). */
  loginFailuresPerAddress: { points: number; seconds: number };
  resetRequestsPerEmail: { points: number; seconds: number };
  resetRequestsPerAddress: { points: number; seconds: number };
  codeChecksPerAddress: { points: number; seconds: number };
  publicFormsPerAddress: { points: number; seconds: number };
  /** Wrong second-factor codes (TOTP, recovery) per user, counted before the check like passwords; a success starts the count again. */
  secondFactorChecksPerUser: { points: number; seconds: number };
}

export const DEFAULT_RATE_LIMITS: RateLimitPolicy = {
  loginChecksPerEmail: { points: 5, seconds: 15 * 60 },
  loginChecksPerDevice: { points: 5, seconds: 15 * 60 },
  loginFailuresPerAddress: { points: 20, seconds: 15 * 60 },
  resetRequestsPerEmail: { points: 3, seconds: 60 * 60 },
  resetRequestsPerAddress: { points: 10, seconds: 60 * 60 },
  codeChecksPerAddress: { points: 30, seconds: 15 * 60 },
  publicFormsPerAddress: { points: 20, seconds: 60 * 60 },
  secondFactorChecksPerUser: { points: 5, seconds: 15 * 60 },
};
