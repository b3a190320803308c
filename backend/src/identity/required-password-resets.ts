import { forbidden } from '@escrow/domain';
import { Inject, Injectable } from '@nestjs/common';
import type { Pool, PoolClient } from 'pg';

import { PG_POOL } from '../infrastructure/database/database.tokens';

export const PASSWORD_RESET_REQUIRED =
  'For your safety, choose a new password before you log in: open the link we emailed you, or ask for a new one with "Forgot password".';

/**
 * Accounts whose owner said "this wasn't me" about an added factor: whoever added it may know the
 * password too, so no login (password, code or passkey) opens a session until a reset link,
 * which only the mailbox receives, sets a new password.
 */
@Injectable()
export class RequiredPasswordResets {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async require(userId: number, db: Pool | PoolClient = this.pool): Promise<void> {
    await db.query('INSERT INTO password_resets_required (user_id) VALUES ($1) ON CONFLICT (user_id) DO UPDATE SET since = now()', [userId]);
  }

  /** 403 `password_reset_required` while the account waits for its reset. */
  async refuseLoginIfRequired(userId: number): Promise<void> {
    const { rows } = await this.pool.query('SELECT 1 FROM password_resets_required WHERE user_id = $1', [userId]);
    if (rows.length > 0) throw forbidden('password_reset_required', PASSWORD_RESET_REQUIRED);
  }

  /** A reset link set a new password. */
  async done(userId: number): Promise<void> {
    await this.pool.query('DELETE FROM password_resets_required WHERE user_id = $1', [userId]);
  }
}
