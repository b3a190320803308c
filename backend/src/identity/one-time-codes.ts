import { Inject, Injectable } from '@nestjs/common';
import type { Pool, PoolClient } from 'pg';

import { PG_POOL } from '../infrastructure/database/database.tokens';
import { hashSecret, newSecret } from './tokens';

/** The refusal of every link whose code is invalid, used or expired (docs/product.md#password-reset). */
export const LINK_INVALID = 'Link invalid.';

export type CodePurpose = 'password_reset' | 'invitation' | 'email_verification' | 'email_change';

const LIFETIME_MS: Record<CodePurpose, number> = {
  password_reset: 60 * 60 * 1000, // an hour
  invitation: 14 * 24 * 60 * 60 * 1000, // two weeks
  email_verification: 7 * 24 * 60 * 60 * 1000, // a week
  email_change: 24 * 60 * 60 * 1000, // a day
};

/** Single-use, expiring codes behind reset and invitation links; only their hashes are stored. */
@Injectable()
export class OneTimeCodes {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  /** `newEmail`: for an email change, the address the code confirms. */
  async issue(userId: number, purpose: CodePurpose, db: Pool | PoolClient = this.pool, newEmail: string | null = null): Promise<string> {
    const code = newSecret();
    await db.query(
      `INSERT INTO one_time_codes (code_hash, purpose, user_id, expires_at, new_email) VALUES ($1, $2, $3, now() + $4 * interval '1 millisecond', $5)`,
      [hashSecret(code), purpose, userId, LIFETIME_MS[purpose], newEmail],
    );
    return code;
  }

  /** The user id a valid (unused, unexpired) code belongs to, or null. */
  async check(code: string, purpose: CodePurpose): Promise<number | null> {
    if (!code || code.length > 100) return null;
    const { rows } = await this.pool.query<{ user_id: number }>(
      `SELECT user_id FROM one_time_codes WHERE code_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()`,
      [hashSecret(code), purpose],
    );
    return rows[0]?.user_id ?? null;
  }

  /** Marks the code used if it is still valid; the user id, or null when it was not. Atomic. */
  async consume(code: string, purpose: CodePurpose, db: Pool | PoolClient = this.pool): Promise<number | null> {
    return (await this.consumeWithEmail(code, purpose, db))?.userId ?? null;
  }

  /** As consume, with the address an email-change code confirms. */
  async consumeWithEmail(code: string, purpose: CodePurpose, db: Pool | PoolClient = this.pool): Promise<{ userId: number; newEmail: string | null } | null> {
    if (!code || code.length > 100) return null;
    const { rows } = await db.query<{ user_id: number; new_email: string | null }>(
      `UPDATE one_time_codes SET used_at = now()
        WHERE code_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()
        RETURNING user_id, new_email`,
      [hashSecret(code), purpose],
    );
    return rows[0] ? { userId: rows[0].user_id, newEmail: rows[0].new_email } : null;
  }

  async removeAll(userId: number, purpose: CodePurpose, db: Pool | PoolClient = this.pool): Promise<number> {
    const result = await db.query('DELETE FROM one_time_codes WHERE user_id = $1 AND purpose = $2', [userId, purpose]);
    return result.rowCount ?? 0;
  }

  /**
   * Cancels the email change waiting for its link: whoever asked for it may have held a stolen
   * password or session, and once that is shut out (a password changed or reset, the other
   * sessions ended, "this wasn't me") a link mailed to their address must not take the account.
   */
  async cancelEmailChange(userId: number, db: Pool | PoolClient = this.pool): Promise<number> {
    return this.removeAll(userId, 'email_change', db);
  }
}
