import type { RecentFactor } from '@escrow/domain';
import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';

import { PG_POOL } from '../infrastructure/database/database.tokens';

/**
 * How far back a password change or reset looks for added second factors, and how long a
 * "this wasn't me" link works: one window, so whatever the owner may still be told about, they
 * can also undo (docs/security.md).
 */
export const RECENT_FACTOR_DAYS = 30;

/**
 * The second factors added to an account in the last 30 days, newest first: passkeys, the
 * authenticator app, and the current set of recovery codes. A password change or reset answers
 * them so the owner sees, and can remove, what someone holding their session may have added.
 */
@Injectable()
export class RecentFactors {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async of(userId: number): Promise<RecentFactor[]> {
    const { rows } = await this.pool.query<{ kind: RecentFactor['kind']; passkey_id: number | null; name: string | null; added_at: Date }>(
      `WITH since AS (SELECT now() - $2 * interval '1 day' AS t)
       SELECT 'passkey' AS kind, passkey_id, name, created_at AS added_at FROM passkeys, since WHERE user_id = $1 AND created_at > since.t
       UNION ALL
       SELECT 'totp', NULL, NULL, confirmed_at FROM user_totp, since WHERE user_id = $1 AND confirmed_at > since.t
       UNION ALL
       SELECT 'recovery_codes', NULL, NULL, max(created_at) FROM recovery_codes, since WHERE user_id = $1 AND used_at IS NULL
        GROUP BY since.t HAVING max(created_at) > since.t
       ORDER BY added_at DESC, passkey_id DESC NULLS LAST`,
      [userId, RECENT_FACTOR_DAYS],
    );
    return rows.map((r) => ({ kind: r.kind, passkey_id: r.passkey_id, name: r.name, added_at: r.added_at.toISOString() }));
  }
}
