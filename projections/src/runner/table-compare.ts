import type { RebuildComparisonView, TableComparisonView } from '@escrow/domain';
import type { PoolClient } from 'pg';

import { quoteIdentifier } from './projector';

export type TableComparison = TableComparisonView;

/**
 * What a rebuild found when it set its fresh tables beside the live ones at the same position:
 * either every table's rows, or why no comparison was possible (the live projector stood
 * elsewhere, so a difference would mean nothing).
 */
export type RebuildComparison = RebuildComparisonView;

/**
 * A digest of a table's rows regardless of their physical order: the sum of a 64-bit hash of
 * each row's text. Two tables with the same columns hold the same multiset of rows when their
 * counts and sums agree (barring a collision, which no mistake in a projector is likely to
 * produce). A sum needs no sort: it costs one pass over the table.
 */
async function digestOf(client: PoolClient, table: string): Promise<{ rows: number; digest: string }> {
  const { rows } = await client.query<{ n: string; digest: string }>(
    `SELECT count(*)::bigint AS n, coalesce(sum(hashtextextended(t::text, 0)::numeric), 0)::text AS digest FROM ${quoteIdentifier(table)} t`,
  );
  return { rows: Number(rows[0]!.n), digest: rows[0]!.digest };
}

/**
 * Compares each live table with its rebuilt copy, row for row. The digests are spread over the
 * given connections (each inside a transaction that sees the same snapshot), largest tables
 * first: PostgreSQL computes one digest per core.
 */
export async function compareTables(clients: readonly PoolClient[], tables: readonly string[], suffix: string): Promise<TableComparison[]> {
  const { rows: sizes } = await clients[0]!.query<{ name: string; bytes: string }>(
    `SELECT name, pg_total_relation_size(quote_ident(name)) AS bytes FROM unnest($1::text[]) AS name`,
    [tables.flatMap((t) => [t, t + suffix])],
  );
  const queue = [...sizes].sort((a, b) => Number(b.bytes) - Number(a.bytes)).map((s) => s.name);
  const digests = new Map<string, { rows: number; digest: string }>();
  await Promise.all(
    clients.map(async (client) => {
      for (let name = queue.shift(); name !== undefined; name = queue.shift()) digests.set(name, await digestOf(client, name));
    }),
  );
  return tables.map((table) => {
    const live = digests.get(table)!;
    const rebuilt = digests.get(table + suffix)!;
    return { table, liveRows: live.rows, rebuiltRows: rebuilt.rows, equal: live.rows === rebuilt.rows && live.digest === rebuilt.digest };
  });
}
