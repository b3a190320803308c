import { DomainError } from '@escrow/domain';
import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';

import { PG_POOL } from '../infrastructure/database/database.tokens';
import { hashSecret, newSecret } from './tokens';

export const PENDING_LOGIN_COOKIE = 'pending_login';
const LIFETIME_SECONDS = 5 * 60;
/** Only the routes that finish a login receive it. Secure depends on the request (LoginCookies). */
export const PENDING_LOGIN_COOKIE_OPTIONS = { path: '/api/auth', httpOnly: true, sameSite: 'strict', maxAge: LIFETIME_SECONDS } as const;

export const LOGIN_EXPIRED = 'Your sign-in took too long or was already used. Enter your email and password again.';

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
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  /** Answers the token the HTTP edge sets as the pending-login cookie. */
  async begin(userId: number, newBrowser: boolean): Promise<string> {
    const token = newSecret();
    await this.pool.query(`DELETE FROM pending_logins WHERE expires_at < now()`);
    await this.pool.query(`INSERT INTO pending_logins (token_hash, user_id, new_browser, expires_at) VALUES ($1, $2, $3, now() + $4 * interval '1 second')`, [
      hashSecret(token),
      userId,
      newBrowser,
      LIFETIME_SECONDS,
    ]);
    return token;
  }

  /** The pending login of a cookie's token, while it is valid. */
  async read(token: string | null): Promise<PendingLogin | null> {
    if (!token || token.length > 100) return null;
    const { rows } = await this.pool.query<{ user_id: number; new_browser: boolean }>(
      'SELECT user_id, new_browser FROM pending_logins WHERE token_hash = $1 AND expires_at > now()',
      [hashSecret(token)],
    );
    return rows[0] ? { userId: rows[0].user_id, newBrowser: rows[0].new_browser } : null;
  }

  /** Uses the pending login up (atomically: two completions cannot both start a session). The browser's cookie is worthless from now on. */
  async complete(token: string | null): Promise<PendingLogin | null> {
    if (!token || token.length > 100) return null;
    const { rows } = await this.pool.query<{ user_id: number; new_browser: boolean }>(
      'DELETE FROM pending_logins WHERE token_hash = $1 AND expires_at > now() RETURNING user_id, new_browser',
      [hashSecret(token)],
    );
    return rows[0] ? { userId: rows[0].user_id, newBrowser: rows[0].new_browser } : null;
  }
}

/** The pending login was used up, by this attempt or one racing it: 401, and its cookie goes. */
export class PendingLoginUsedUp extends DomainError {
  constructor() {
    super('unauthenticated', 'login_expired', LOGIN_EXPIRED);
  }
}
