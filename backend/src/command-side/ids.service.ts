import { invalid } from '@escrow/domain';
import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';

import { PG_POOL } from '../infrastructure/database/database.tokens';

export type IdSequence =
  'job_id_seq' | 'milestone_version_id_seq' | 'milestone_payee_id_seq' | 'deposit_id_seq' | 'dispute_id_seq' | 'bank_account_id_seq' | 'billing_id_seq';

const KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,100}$/;

/** Reads an Idempotency-Key header: 8–100 safe characters (a UUID is ideal), or none. */
export function idempotencyKeyOf(header: string | string[] | undefined): string | null {
  if (header === undefined) return null;
  if (Array.isArray(header) || !KEY_PATTERN.test(header)) {
    throw invalid('idempotency_key_format', 'The Idempotency-Key header must be 8 to 100 letters, digits or - _ . : (a UUID works).');
  }
  return header;
}

/** Ids for things commands create. A creation retried with the same key gets the same id. */
@Injectable()
export class IdsService {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async next(sequence: IdSequence, count = 1): Promise<number[]> {
    if (count === 0) return [];
    const { rows } = await this.pool.query<{ id: string }>(`SELECT nextval($1::regclass) AS id FROM generate_series(1, $2)`, [sequence, count]);
    return rows.map((r) => Number(r.id));
  }

  /** The id created for (scope, key) before, or a new one remembered for the next retry. */
  async forCreation(sequence: IdSequence, scope: string, key: string | null): Promise<number> {
    const [fresh] = await this.next(sequence);
    if (!key) return fresh!;
    const { rows } = await this.pool.query<{ created_id: number }>(
      'INSERT INTO idempotent_creations (scope, key, created_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING created_id',
      [scope, key, fresh],
    );
    if (rows[0]) return rows[0].created_id;
    // A copy of this request inserted first. Its row is read by a statement of its own: one
    // statement's snapshot predates the insert it waited for, so it would not see the row.
    const { rows: earlier } = await this.pool.query<{ created_id: number }>('SELECT created_id FROM idempotent_creations WHERE scope = $1 AND key = $2', [
      scope,
      key,
    ]);
    return earlier[0]!.created_id;
  }
}
