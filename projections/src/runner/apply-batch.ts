import { createHash } from 'node:crypto';

import type { RecordedEvent } from '@escrow/domain';
import type { Pool, PoolClient } from 'pg';

import { type ProjectionContext, type Projector, quoteIdentifier } from './projector';

const statementNames = new Map<string, string>();

/**
 * Projector statements run as named (prepared) statements, named after their text: planning
 * a bulk statement over unnest() cost about as much as running it for a small batch. A table
 * swap invalidates them and PostgreSQL plans them again.
 */
function statementName(sql: string): string {
  let name = statementNames.get(sql);
  if (!name) {
    name = `escrow_projection_${createHash('sha1').update(sql).digest('hex').slice(0, 20)}`;
    statementNames.set(sql, name);
  }
  return name;
}

/** Builds the context a projector writes through: the batch's client and its table names. */
export function projectionContext(client: PoolClient, projector: Projector, tableSuffix: string | null): ProjectionContext {
  const owned = new Set(projector.tables);
  return {
    rebuilding: tableSuffix !== null,
    query: async <R>(sql: string, params?: unknown[]) => (await client.query({ name: statementName(sql), text: sql, values: params })).rows as R[],
    table: (name: string) => {
      if (!owned.has(name)) throw new Error(`projector ${projector.name} does not own table ${name}`);
      return quoteIdentifier(tableSuffix ? `${name}${tableSuffix}` : name);
    },
  };
}

export function handledEvents(projector: Projector, events: readonly RecordedEvent[]): RecordedEvent[] {
  const handled = new Set(projector.handles);
  return events.filter((event) => handled.has(event.type));
}

export async function inTransaction<T>(client: PoolClient, work: () => Promise<T>): Promise<T> {
  await client.query('BEGIN');
  try {
    const result = await work();
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

/**
 * A pool client for a multi-statement unit of work. While checked out a client has no error
 * listener of the pool's, so a connection dying mid-query would crash the process; the failed
 * query rejects anyway, which is where we handle it. A broken client is discarded on release.
 */
export async function withClient<T>(pool: Pool, work: (client: PoolClient) => Promise<T>, isBroken: (error: unknown) => boolean): Promise<T> {
  const client = await pool.connect();
  const ignore = (): void => undefined;
  client.on('error', ignore);
  let broken: Error | undefined;
  try {
    return await work(client);
  } catch (error) {
    if (isBroken(error)) broken = error as Error;
    throw error;
  } finally {
    client.off('error', ignore);
    client.release(broken);
  }
}
