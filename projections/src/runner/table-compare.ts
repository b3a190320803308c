import type { PoolClient } from 'pg';

import { quoteIdentifier } from './projector';

export interface TableComparison {
  table: string;
  liveRows: number;
  rebuiltRows: number;
  equal: boolean;
}

/**
 * What a rebuild found when it set its fresh tables beside the live ones at the same position:
 * either every table's rows, or why no comparison was possible (the live projector stood
 * elsewhere, so a difference would mean nothing).
 */
export type RebuildComparison = { compared: true; equal: boolean; position: string; tables: TableComparison[] } | { compared: false; reason: string };

/**
 * A digest of a table's rows regardless of their physical order: the md5 of the sorted md5s of
 * each row's text. Two tables with the same columns hold the same multiset of rows exactly when
 * their counts and digests agree (barring an md5 collision).
 */
async function digestOf(client: PoolClient, table: string): Promise<{ rows: number; digest: string }> {
  const { rows } = await client.query<{ n: string; digest: string | null }>(
    `SELECT count(*)::bigint AS n, md5(string_agg(h, '' ORDER BY h)) AS digest FROM (SELECT md5(t::text) AS h FROM ${quoteIdentifier(table)} t) r`,
  );
  return { rows: Number(rows[0]!.n), digest: rows[0]!.digest ?? '' };
}

/** Compares each live table with its rebuilt copy, row for row, inside the caller's transaction. */
export async function compareTables(client: PoolClient, tables: readonly string[], suffix: string): Promise<TableComparison[]> {
  const result: TableComparison[] = [];
  for (const table of tables) {
    const live = await digestOf(client, table);
    const rebuilt = await digestOf(client, table + suffix);
    result.push({ table, liveRows: live.rows, rebuiltRows: rebuilt.rows, equal: live.rows === rebuilt.rows && live.digest === rebuilt.digest });
  }
  return result;
}
