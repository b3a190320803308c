import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Pool } from 'pg';

import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.tokens';
import { PG_POOL } from '../infrastructure/database/database.tokens';
import { SessionCache } from './session-cache';
import type { SessionUser } from './session-user';
import { hashSecret, newSecret } from './tokens';
import { toSessionUser, type UserRow } from './users.repository';

export const SESSION_COOKIE = 'sid';
/** A session ends after 12 hours without use, and 7 days after login whatever happens. */
const IDLE_TIMEOUT_MS = 12 * 60 * 60 * 1000;
const ABSOLUTE_TIMEOUT_MS = 7 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, not on every request. */
const TOUCH_EVERY_MS = 60 * 1000;

/**
 * Whether cookies get the Secure flag: when the request came over HTTPS (directly, or through a
 * proxy on this host that says so), or whenever the site's public address is https — a TLS
 * terminator on another host is not trusted to say so, and the cookies must be Secure anyway.
 */
export function isSecureRequest(request: FastifyRequest, publicUrl: string): boolean {
  return request.protocol === 'https' || /^https:\/\//i.test(publicUrl);
}

@Injectable()
export class SessionsService {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly cache: SessionCache,
  ) {}

  /** A fresh session for a user who just proved who they are; the old one, if any, is revoked. */
  async start(userId: number, request: FastifyRequest, reply: FastifyReply): Promise<void> {
    await this.end(request, reply);
    const token = newSecret();
    await this.pool.query(
      `INSERT INTO sessions (token_hash, user_id, expires_at, user_agent, ip) VALUES ($1, $2, now() + $3 * interval '1 millisecond', $4, $5)`,
      [hashSecret(token), userId, ABSOLUTE_TIMEOUT_MS, String(request.headers['user-agent'] ?? '').slice(0, 300), request.ip],
    );
    reply.setCookie(SESSION_COOKIE, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: isSecureRequest(request, this.config.publicUrl),
      maxAge: ABSOLUTE_TIMEOUT_MS / 1000,
    });
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
      `SELECT s.token_hash, s.last_seen_at, u.user_id, u.first_name, u.last_name, u.phone, u.email, u.display_name, u.role, u.admin_role,
              u.company_id, c.name AS company_name, u.password_hash, u.created_at
         FROM sessions s JOIN users u ON u.user_id = s.user_id LEFT JOIN companies c ON c.company_id = u.company_id
        WHERE s.token_hash = $1 AND s.expires_at > now() AND s.last_seen_at > now() - $2 * interval '1 millisecond'
          AND u.deleted_at IS NULL`,
      [tokenHash, IDLE_TIMEOUT_MS],
    );
    const row = rows[0];
    if (!row) return null;
    let lastSeenAt = row.last_seen_at.getTime();
    if (Date.now() - lastSeenAt > TOUCH_EVERY_MS) {
      await this.pool.query('UPDATE sessions SET last_seen_at = now() WHERE token_hash = $1', [row.token_hash]);
      lastSeenAt = Date.now();
    }
    const user = toSessionUser(row);
    this.cache.set(key, user, lastSeenAt);
    return user;
  }

  async end(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const token = request.cookies?.[SESSION_COOKIE];
    if (token) {
      const tokenHash = hashSecret(token);
      await this.pool.query('DELETE FROM sessions WHERE token_hash = $1', [tokenHash]);
      await this.cache.revoke({ tokenHash: tokenHash.toString('hex') });
    }
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
  }

  /** After a password change nobody else may stay logged in as this user. */
  async revokeAll(userId: number): Promise<void> {
    await this.pool.query('DELETE FROM sessions WHERE user_id = $1', [userId]);
    await this.cache.revoke({ userId });
  }
}
