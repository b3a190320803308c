import type { PoolClient } from 'pg';

import { quoteIdentifier } from './projector';

export const REBUILD_SUFFIX = '__rebuild';
const OLD_SUFFIX = '__replaced';

/**
 * Fresh, empty copies of the projector's tables (columns, defaults, indexes, constraints). With
 * `deferIndexes` the copies keep only their unique indexes (primary keys among them) and the
 * statements that create the others are returned: a bulk load followed by one sorted index
 * build costs far less than maintaining every index row by row.
 */
export async function createShadowTables(client: PoolClient, tables: readonly string[], options: { deferIndexes?: boolean } = {}): Promise<string[]> {
  const deferred: string[] = [];
  for (const table of tables) {
    const shadow = quoteIdentifier(table + REBUILD_SUFFIX);
    await client.query(`DROP TABLE IF EXISTS ${shadow}`);
    await client.query(`CREATE TABLE ${shadow} (LIKE ${quoteIdentifier(table)} INCLUDING ALL)`);
    if (!options.deferIndexes) continue;
    const { rows } = await client.query<{ name: string; definition: string }>(
      `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS definition
         FROM pg_index i WHERE i.indrelid = $1::regclass AND NOT i.indisunique`,
      [shadow],
    );
    for (const index of rows) {
      deferred.push(index.definition);
      await client.query(`DROP INDEX ${index.name}`);
    }
  }
  return deferred;
}

export async function dropShadowTables(client: PoolClient, tables: readonly string[]): Promise<void> {
  for (const table of tables) await client.query(`DROP TABLE IF EXISTS ${quoteIdentifier(table + REBUILD_SUFFIX)}`);
}

interface IndexRow {
  indexname: string;
  indexdef: string;
}

async function indexesOf(client: PoolClient, table: string): Promise<IndexRow[]> {
  const { rows } = await client.query<IndexRow>(`SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema() AND tablename = $1`, [table]);
  return rows;
}

/** An index definition without its own name and table name: what makes two indexes the same. */
function shapeOf(definition: string, table: string): string {
  return definition.replace(/^CREATE (UNIQUE )?INDEX \S+ ON /, 'CREATE $1INDEX ON ').replace(new RegExp(`\\b(public\\.)?"?${table}"?\\b`, 'g'), 'T');
}

/**
 * Swaps each shadow table in for the live one, inside the caller's transaction, and gives the
 * new indexes the old names so migrations that name indexes keep working after a rebuild.
 */
export async function swapInShadowTables(client: PoolClient, tables: readonly string[]): Promise<void> {
  for (const table of tables) {
    const shadow = table + REBUILD_SUFFIX;
    const oldIndexes = await indexesOf(client, table);
    const newIndexes = await indexesOf(client, shadow);
    await client.query(`ALTER TABLE ${quoteIdentifier(table)} RENAME TO ${quoteIdentifier(table + OLD_SUFFIX)}`);
    await client.query(`ALTER TABLE ${quoteIdentifier(shadow)} RENAME TO ${quoteIdentifier(table)}`);
    await client.query(`DROP TABLE ${quoteIdentifier(table + OLD_SUFFIX)}`);
    const byShape = new Map(newIndexes.map((index) => [shapeOf(index.indexdef, shadow), index.indexname]));
    for (const old of oldIndexes) {
      const replacement = byShape.get(shapeOf(old.indexdef, table));
      if (replacement && replacement !== old.indexname) {
        await client.query(`ALTER INDEX ${quoteIdentifier(replacement)} RENAME TO ${quoteIdentifier(old.indexname)}`);
      }
    }
  }
}
