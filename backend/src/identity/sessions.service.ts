import { AsyncLocalStorage } from 'node:async_hooks';

import type { AccountSession } from '@escrow/domain';
import { unauthenticated } from '@escrow/domain';
import { Inject, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { Pool } from 'pg';

import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.tokens';
import { PG_POOL } from '../infrastructure/database/database.tokens';
import { browserName } from './browser-name';
import type { Caller } from './caller';
import { SessionCache } from './session-cache';
import type { SessionUser } from './session-user';
import { hashSecret, newSecret } from './tokens';
import { toSessionUser, type UserRow } from './users.repository';

export const SESSION_COOKIE = 'sid';
/** A session ends after 12 hours without use, and 7 days after login whatever happens. */
const IDLE_TIMEOUT_MS = 12 * 60 * 60 * 1000;
const ABSOLUTE_TIMEOUT_MS = 7 * 24 * 60 * 60 * 1000;
/** The session cookie's attributes but Secure, which depends on the request (LoginCookies). */
export const SESSION_COOKIE_OPTIONS = { path: '/', httpOnly: true, sameSite: 'lax', maxAge: ABSOLUTE_TIMEOUT_MS / 1000 } as const;
/** last_seen_at is written at most this often, not on every request. */
const TOUCH_EVERY_MS = 60 * 1000;
/**
 * How long a replaced token is told apart from an unknown one: longer than any request the
 * browser had in flight when its session was renewed (the portal gives up on a request after 30 s).
 */
const ROTATED_TOLD_FOR_SECONDS = 2 * 60;
export const SESSION_ROTATED = 'Your session was renewed for your safety. Please try again.';

/** Where a session renewed while a request is handled sends its new token: that request's answer (RenewedSessionCookie). */
export type DeliverSessionToken = (token: string) => void;

/** Sessions: started by a login, resolved on every request, renewed, listed and ended. Their cookie is the HTTP edge's (LoginCookies, RenewedSessionCookie). */
@Injectable()
export class SessionsService {
  private readonly renewals = new AsyncLocalStorage<DeliverSessionToken>();

  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly cache: SessionCache,
  ) {}

  /**
   * A fresh session for a user who just proved who they are; the one of `endingToken` (the
   * browser's current session cookie), if any, is revoked. `checked` says what was proved now:
   * the password, a second factor (the session starts stepped up), or both. Answers the new
   * session's id and the token the HTTP edge sets as its cookie.
   */
  async start(
    userId: number,
    caller: Pick<Caller, 'ip' | 'userAgent'>,
    checked: { password: boolean; secondFactor: boolean },
    endingToken: string | null,
  ): Promise<{ sessionId: number; token: string }> {
    await this.end(endingToken);
    const token = newSecret();
    const { rows } = await this.pool.query<{ session_id: string }>(
      `INSERT INTO sessions (token_hash, user_id, expires_at, user_agent, ip, password_at, second_factor_at)
       VALUES ($1, $2, now() + $3 * interval '1 millisecond', $4, $5, CASE WHEN $6::boolean THEN now() END, CASE WHEN $7::boolean THEN now() END)
       RETURNING session_id`,
      [hashSecret(token), userId, ABSOLUTE_TIMEOUT_MS, caller.userAgent.slice(0, 300), caller.ip, checked.password, checked.secondFactor],
    );
    return { sessionId: Number(rows[0]!.session_id), token };
  }

  /**
   * The user of the request's session cookie, or null when absent, expired or revoked. Resolved
   * sessions are kept a few seconds (SessionCache); a revocation reaches every process at once.
   */
  async resolve(request: FastifyRequest): Promise<SessionUser | null> {
    const token = request.cookies?.[SESSION_COOKIE];
    if (!token || token.length > 100) return null;
    const tokenHash = hashSecret(token);
    const key = tokenHash.toString('hex');
    const cached = this.cache.get(key);
    // Still fresh, and no last_seen_at to write: no query at all.
    if (cached && Date.now() - cached.lastSeenAt <= TOUCH_EVERY_MS) return cached.user;
    const { rows } = await this.pool.query<UserRow & { last_seen_at: Date; token_hash: Buffer }>(
      `SELECT s.token_hash, s.last_seen_at, s.session_id, s.second_factor_at, s.password_at, u.user_id, u.first_name, u.last_name, u.phone,
              u.email, u.display_name, u.role, u.admin_role, u.company_id, c.name AS company_name, u.company_role, c.signing_policy, u.company_factor_required, u.password_hash, u.created_at, u.email_verified_at,
              (EXISTS (SELECT 1 FROM user_totp t WHERE t.user_id = u.user_id AND t.confirmed_at IS NOT NULL)
                OR EXISTS (SELECT 1 FROM passkeys p WHERE p.user_id = u.user_id)) AS has_second_factor
         FROM sessions s JOIN users u ON u.user_id = s.user_id LEFT JOIN companies c ON c.company_id = u.company_id
        WHERE s.token_hash = $1 AND s.expires_at > now() AND s.last_seen_at > now() - $2 * interval '1 millisecond'
          AND u.deleted_at IS NULL`,
      [tokenHash, IDLE_TIMEOUT_MS],
    );
    const row = rows[0];
    if (!row) {
      // A token replaced a moment ago (a request sent before its answer's new cookie arrived):
      // refused as such, so the portal sends it again with the new cookie instead of showing
      // its owner as logged out. It authenticates nothing, on any route.
      if (await this.rotatedLately(tokenHash)) throw unauthenticated('session_rotated', SESSION_ROTATED);
      return null;
    }
    let lastSeenAt = row.last_seen_at.getTime();
    if (Date.now() - lastSeenAt > TOUCH_EVERY_MS) {
      await this.pool.query('UPDATE sessions SET last_seen_at = now() WHERE token_hash = $1', [row.token_hash]);
      lastSeenAt = Date.now();
    }
    const user = toSessionUser(row);
    this.cache.set(key, user, lastSeenAt);
    return user;
  }

  /** Ends the session of a session cookie's token (a logout, a new login in the same browser). */
  async end(token: string | null): Promise<void> {
    if (!token) return;
    const tokenHash = hashSecret(token);
    await this.pool.query('DELETE FROM sessions WHERE token_hash = $1', [tokenHash]);
    await this.cache.revoke({ tokenHash: tokenHash.toString('hex') });
  }

  /**
   * After a password reset (or an admin's reset of the factors) nobody may stay logged in as this
   * user, nor finish a login whose password was typed before: its second factor would start a session.
   */
  async revokeAll(userId: number): Promise<number> {
    return this.revokeWhere(userId, null);
  }

  /**
   * Every session of the user but `keepSessionId` ends (a password change, "end all other
   * sessions"), and every login still waiting for its second factor: its password was checked
   * before, and may be the one just changed.
   */
  async revokeOthers(userId: number, keepSessionId: number): Promise<number> {
    return this.revokeWhere(userId, keepSessionId);
  }

  /** One statement: the sessions (but `keep`) and the pending logins of the user. Answers the sessions ended. */
  private async revokeWhere(userId: number, keep: number | null): Promise<number> {
    const { rows } = await this.pool.query<{ ended: number }>(
      `WITH pending AS (DELETE FROM pending_logins WHERE user_id = $1),
            ended AS (DELETE FROM sessions WHERE user_id = $1 AND ($2::bigint IS NULL OR session_id <> $2) RETURNING 1)
       SELECT count(*)::int AS ended FROM ended`,
      [userId, keep],
    );
    await this.cache.revoke({ userId });
    return rows[0]?.ended ?? 0;
  }

  /** Ends one session of the user; false when it is not theirs or already over. */
  async revokeOne(userId: number, sessionId: number): Promise<boolean> {
    const { rows } = await this.pool.query<{ token_hash: Buffer }>('DELETE FROM sessions WHERE user_id = $1 AND session_id = $2 RETURNING token_hash', [
      userId,
      sessionId,
    ]);
    if (!rows[0]) return false;
    await this.cache.revoke({ tokenHash: rows[0].token_hash.toString('hex') });
    return true;
  }

  /** The user's live sessions, the newest first. */
  async list(userId: number, currentSessionId: number | null): Promise<AccountSession[]> {
    const { rows } = await this.pool.query<{ session_id: string; user_agent: string | null; ip: string | null; created_at: Date; last_seen_at: Date }>(
      `SELECT session_id, user_agent, ip, created_at, last_seen_at FROM sessions
        WHERE user_id = $1 AND expires_at > now() AND last_seen_at > now() - $2 * interval '1 millisecond'
        ORDER BY last_seen_at DESC, session_id DESC`,
      [userId, IDLE_TIMEOUT_MS],
    );
    return rows.map((r) => ({
      session_id: Number(r.session_id),
      current: Number(r.session_id) === currentSessionId,
      browser: browserName(r.user_agent),
      ip: r.ip,
      created_at: r.created_at.toISOString(),
      last_seen_at: r.last_seen_at.toISOString(),
    }));
  }

  /**
   * The session goes on under a new token and a new id (issue 35): what it had (user, start,
   * absolute expiry, browser, the times its password and second factor were checked) carries
   * over, and what was proved just now (`fresh`) is stamped on the new one only. One statement
   * replaces the token, so no crash leaves two live sessions or none; the old token is dead at
   * once in every process (the cache's revocation) and, for ROTATED_TOLD_FOR_SECONDS, answers
   * 401 `session_rotated`. The new token goes to the answer of the request being handled
   * (RenewedSessionCookie). Called at every step-up and at every change of a factor, the email,
   * the password or one's own role: a cookie copied before any of them gains nothing from it.
   */
  async rotate(
    session: { userId: number; sessionId: number | null },
    fresh: { secondFactor?: boolean; password?: boolean } = {},
  ): Promise<{ sessionId: number; steppedUpUntil: Date | null } | null> {
    if (session.sessionId === null) return null; // no session cookie: nothing to renew
    const deliver = this.renewals.getStore();
    // Renewed where no answer can carry the new cookie, the session would be lost to its owner.
    if (!deliver) throw new Error('A session can only be renewed while an HTTP request is handled.');
    const token = newSecret();
    const { rows } = await this.pool.query<{ session_id: string; old_hash: Buffer; until: Date | null }>(
      `WITH old AS (
         SELECT token_hash, user_id FROM sessions
          WHERE session_id = $1 AND user_id = $2 AND expires_at > now() AND last_seen_at > now() - $3 * interval '1 millisecond'
            FOR UPDATE
       ), renewed AS (
         UPDATE sessions s SET token_hash = $4, session_id = DEFAULT, last_seen_at = now(),
                second_factor_at = CASE WHEN $5::boolean THEN now() ELSE s.second_factor_at END,
                password_at = CASE WHEN $6::boolean THEN now() ELSE s.password_at END
           FROM old WHERE s.token_hash = old.token_hash
         RETURNING s.session_id, old.token_hash AS old_hash, s.second_factor_at + $7 * interval '1 second' AS until
       ), remembered AS (
         INSERT INTO session_rotations (token_hash, user_id) SELECT token_hash, user_id FROM old
         ON CONFLICT (token_hash) DO UPDATE SET user_id = EXCLUDED.user_id, rotated_at = now()
       ), forgotten AS (
         DELETE FROM session_rotations WHERE rotated_at < now() - $8 * interval '1 second' AND token_hash NOT IN (SELECT token_hash FROM old)
       )
       SELECT session_id, old_hash, until FROM renewed`,
      [
        session.sessionId,
        session.userId,
        IDLE_TIMEOUT_MS,
        hashSecret(token),
        fresh.secondFactor ?? false,
        fresh.password ?? false,
        this.config.stepUpWindowSeconds,
        ROTATED_TOLD_FOR_SECONDS,
      ],
    );
    const renewed = rows[0];
    // Renewed or ended meanwhile (another tab's step-up a moment earlier): that browser holds or gets a newer cookie.
    if (!renewed) throw unauthenticated('session_rotated', SESSION_ROTATED);
    deliver(token);
    await this.cache.revoke({ tokenHash: renewed.old_hash.toString('hex') });
    const until = renewed.until && renewed.until.getTime() > Date.now() ? renewed.until : null;
    return { sessionId: Number(renewed.session_id), steppedUpUntil: until };
  }

  /** Handles a request whose renewed session (rotate) sends its new token with `deliver`. */
  renewingFor<T>(deliver: DeliverSessionToken, handle: () => Promise<T>): Promise<T> {
    return this.renewals.run(deliver, handle);
  }

  private async rotatedLately(tokenHash: Buffer): Promise<boolean> {
    const { rows } = await this.pool.query("SELECT 1 FROM session_rotations WHERE token_hash = $1 AND rotated_at > now() - $2 * interval '1 second'", [
      tokenHash,
      ROTATED_TOLD_FOR_SECONDS,
    ]);
    return rows.length > 0;
  }

  /**
   * Whether the session checked a second factor (or, `orPassword`, its password) within
   * STEP_UP_WINDOW: read from the database, not the cache, so a step-up is exact to the second
   * and in every process.
   */
  async steppedUp(sessionId: number, orPassword = false): Promise<boolean> {
    const { rows } = await this.pool.query<{ ok: boolean }>(
      `SELECT (second_factor_at > now() - $2 * interval '1 second'
               OR ($3::boolean AND password_at > now() - $2 * interval '1 second')) IS TRUE AS ok
         FROM sessions WHERE session_id = $1`,
      [sessionId, this.config.stepUpWindowSeconds, orPassword],
    );
    return rows[0]?.ok ?? false;
  }

  /** Until when the session is stepped up, or null. */
  async steppedUpUntil(sessionId: number): Promise<string | null> {
    const { rows } = await this.pool.query<{ until: Date | null }>(
      `SELECT CASE WHEN second_factor_at > now() - $2 * interval '1 second' THEN second_factor_at + $2 * interval '1 second' END AS until
         FROM sessions WHERE session_id = $1`,
      [sessionId, this.config.stepUpWindowSeconds],
    );
    return rows[0]?.until?.toISOString() ?? null;
  }

  /** Whatever a user's sessions carry changed (a factor enrolled or removed, the email verified): resolve them again. */
  async refresh(userId: number): Promise<void> {
    await this.cache.revoke({ userId });
  }
}
