import { createProjectors } from '@escrow/projections';
import type { Pool } from 'pg';

export interface TableChecksum {
  table: string;
  rows: number;
  /** md5 over every row's text form, in a fixed order: equal only if every row is equal. */
  md5: string;
}

/** Every table a projector writes: the read models the API answers from. */
function readModelTables(): string[] {
  return createProjectors()
    .flatMap((p) => [...p.tables])
    .sort();
}

/**
 * Checksums of every read-model table. Rows are compared whole (all columns as text) and sorted
 * by that text, so two databases agree only when each table holds exactly the same rows, none
 * missing and none doubled.
 */
export async function readModelChecksums(pool: Pool): Promise<TableChecksum[]> {
  const result: TableChecksum[] = [];
  for (const table of readModelTables()) {
    const { rows } = await pool.query<{ n: number; md5: string | null }>(
      `SELECT count(*)::int AS n, md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) AS md5 FROM ${table} t`,
    );
    result.push({ table, rows: rows[0]!.n, md5: rows[0]!.md5 ?? '' });
  }
  return result;
}
