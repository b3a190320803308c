// Plain data (no imports), so the configuration can carry it without pulling in the limiter.

/** How many attempts (points) each limit allows per window (seconds). */
export interface RateLimitPolicy {
  loginFailuresPerEmail: { points: number; seconds: number };
  loginFailuresPerAddress: { points: number; seconds: number };
  resetRequestsPerEmail: { points: number; seconds: number };
  resetRequestsPerAddress: { points: number; seconds: number };
  codeChecksPerAddress: { points: number; seconds: number };
  publicFormsPerAddress: { points: number; seconds: number };
}

export const DEFAULT_RATE_LIMITS: RateLimitPolicy = {
  loginFailuresPerEmail: { points: 5, seconds: 15 * 60 },
  loginFailuresPerAddress: { points: 20, seconds: 15 * 60 },
  resetRequestsPerEmail: { points: 3, seconds: 60 * 60 },
  resetRequestsPerAddress: { points: 10, seconds: 60 * 60 },
  codeChecksPerAddress: { points: 30, seconds: 15 * 60 },
  publicFormsPerAddress: { points: 20, seconds: 60 * 60 },
};
