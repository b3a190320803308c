import { createProjectors, ProjectionRunner } from '@escrow/projections';
import { type Pool } from 'pg';

import { PostgresEventStore } from '../../src/event-store/postgres/postgres-event-store';
import { checkerPool } from './checker-pool';

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

/**
 * Brings a database's read models up to the last event, as the next process to start would: the
 * clock may append a reminder after the last quiet moment and before its process stops, and a
 * process that stops leaves that event to its successor. Comparing before this compared an
 * unfinished read model (seen once in CI: a reminder missing from one milestone's state).
 */
export async function catchUpReadModels(databaseUrl: string): Promise<void> {
  const pool = checkerPool(databaseUrl, 4);
  const store = new PostgresEventStore({ pool });
  const runner = new ProjectionRunner({ pool, eventStore: store, projectors: createProjectors(), databaseUrl });
  try {
    runner.start();
    const head = await store.headPosition();
    if (head && !(await runner.waitFor(head.position, { timeoutMs: 60_000 }))) throw new Error('the read models did not reach the last event within 60 s');
  } finally {
    await runner.stop();
    await store.close();
    await pool.end();
  }
}
