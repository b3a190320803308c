import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Pool } from 'pg';

import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.tokens';
import { isSecureRequest } from '../http/cookies';
import { PG_POOL } from '../infrastructure/database/database.tokens';
import { hashSecret, newSecret } from './tokens';

const PENDING_LOGIN_COOKIE = 'pending_login';
const LIFETIME_SECONDS = 5 * 60;
/** Only the routes that finish a login receive it. */
const COOKIE_PATH = '/api/auth';

export interface PendingLogin {
  userId: number;
  newBrowser: boolean;
}

/**
 * A password was right for a user with a second factor: no session yet, only this. The cookie
 * holds a random token (nothing the user chose); its hash maps to the user for five minutes and
 * one completed login.
 */
@Injectable()
export class PendingLogins {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async begin(userId: number, newBrowser: boolean, request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const token = newSecret();
    await this.pool.query(`DELETE FROM pending_logins WHERE expires_at < now()`);
    await this.pool.query(`INSERT INTO pending_logins (token_hash, user_id, new_browser, expires_at) VALUES ($1, $2, $3, now() + $4 * interval '1 second')`, [
      hashSecret(token),
      userId,
      newBrowser,
      LIFETIME_SECONDS,
    ]);
    reply.setCookie(PENDING_LOGIN_COOKIE, token, {
      path: COOKIE_PATH,
      httpOnly: true,
      sameSite: 'strict',
      secure: isSecureRequest(request, this.config.publicUrl),
      maxAge: LIFETIME_SECONDS,
    });
  }

  /** The pending login of the request's cookie, while it is valid. */
  async read(request: FastifyRequest): Promise<PendingLogin | null> {
    const token = request.cookies?.[PENDING_LOGIN_COOKIE];
    if (!token || token.length > 100) return null;
    const { rows } = await this.pool.query<{ user_id: number; new_browser: boolean }>(
      'SELECT user_id, new_browser FROM pending_logins WHERE token_hash = $1 AND expires_at > now()',
      [hashSecret(token)],
    );
    return rows[0] ? { userId: rows[0].user_id, newBrowser: rows[0].new_browser } : null;
  }

  /** Uses the pending login up (atomically: two completions cannot both start a session). */
  async complete(request: FastifyRequest, reply: FastifyReply): Promise<PendingLogin | null> {
    const token = request.cookies?.[PENDING_LOGIN_COOKIE];
    reply.clearCookie(PENDING_LOGIN_COOKIE, { path: COOKIE_PATH });
    if (!token || token.length > 100) return null;
    const { rows } = await this.pool.query<{ user_id: number; new_browser: boolean }>(
      'DELETE FROM pending_logins WHERE token_hash = $1 AND expires_at > now() RETURNING user_id, new_browser',
      [hashSecret(token)],
    );
    return rows[0] ? { userId: rows[0].user_id, newBrowser: rows[0].new_browser } : null;
  }
}
