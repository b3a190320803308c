import { Inject, Injectable } from '@nestjs/common';
import type { Pool, PoolClient } from 'pg';

import { PG_POOL } from '../infrastructure/database/database.tokens';
import { hashSecret, newSecret } from './tokens';

export type CodePurpose = 'password_reset' | 'invitation';

const LIFETIME_MS: Record<CodePurpose, number> = {
  password_reset: 60 * 60 * 1000, // an hour
  invitation: 14 * 24 * 60 * 60 * 1000, // two weeks
};

/** Single-use, expiring codes behind reset and invitation links; only their hashes are stored. */
@Injectable()
export class OneTimeCodes {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async issue(userId: number, purpose: CodePurpose, db: Pool | PoolClient = this.pool): Promise<string> {
    const code = newSecret();
    await db.query(`INSERT INTO one_time_codes (code_hash, purpose, user_id, expires_at) VALUES ($1, $2, $3, now() + $4 * interval '1 millisecond')`, [
      hashSecret(code),
      purpose,
      userId,
      LIFETIME_MS[purpose],
    ]);
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
    if (!code || code.length > 100) return null;
    const { rows } = await db.query<{ user_id: number }>(
      `UPDATE one_time_codes SET used_at = now()
        WHERE code_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()
        RETURNING user_id`,
      [hashSecret(code), purpose],
    );
    return rows[0]?.user_id ?? null;
  }

  async removeAll(userId: number, purpose: CodePurpose): Promise<number> {
    const result = await this.pool.query('DELETE FROM one_time_codes WHERE user_id = $1 AND purpose = $2', [userId, purpose]);
    return result.rowCount ?? 0;
  }
}
