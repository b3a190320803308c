import { randomUUID } from 'node:crypto';

import type { EventStore, GlobalPosition, NewEvent, RecordedEvent } from '@escrow/domain';
import { Pool } from 'pg';

import type { TestDatabase } from '../../../testing/test-database';
import { PostgresEventStore } from '../../src/event-store/postgres/postgres-event-store';
import { createMigratedTestDatabase } from './test-app';

export interface EventStoreFixture {
  database: TestDatabase;
  pool: Pool;
  store: PostgresEventStore;
  close(): Promise<void>;
}

/** A fresh migrated database with a pool and a PostgresEventStore on it. */
export async function createEventStoreFixture(options: { pollIntervalMs?: number } = {}): Promise<EventStoreFixture> {
  const database = await createMigratedTestDatabase();
  const pool = new Pool({ connectionString: database.url, max: 10 });
  pool.on('error', () => undefined); // idle clients killed by tests must not crash the run
  const store = new PostgresEventStore({ pool, listenUrl: database.url, pollIntervalMs: options.pollIntervalMs ?? 100 });
  return {
    database,
    pool,
    store,
    close: async () => {
      await store.close();
      await pool.end();
      await database.drop();
    },
  };
}

export function testEvent(type: string, data: Record<string, unknown> = {}): NewEvent {
  return {
    type,
    data,
    metadata: {
      actorId: '1',
      actorRole: 'system',
      correlationId: randomUUID(),
      causationId: null,
      occurredAt: new Date().toISOString(),
      schemaVersion: 1,
    },
  };
}

export async function eventually<T>(probe: () => Promise<T>, accept: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T = await probe();
  while (!accept(last)) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms; last value: ${JSON.stringify(last)}`);
    await new Promise((r) => setTimeout(r, 25));
    last = await probe();
  }
  return last;
}

/**
 * Pages through the global order until `count` events are read. Open transactions anywhere in
 * the PostgreSQL cluster (other test files run in parallel) may hold events back for a moment.
 */
export async function readEverything(store: EventStore, count: number, pageSize: number, timeoutMs = 10_000): Promise<RecordedEvent[]> {
  const seen: RecordedEvent[] = [];
  let after: GlobalPosition | null = null;
  const deadline = Date.now() + timeoutMs;
  while (seen.length < count) {
    if (Date.now() > deadline) throw new Error(`read ${seen.length} of ${count} events within ${timeoutMs} ms`);
    const page = await store.readAll({ after, limit: pageSize });
    seen.push(...page.events);
    after = page.lastPosition;
    if (page.events.length === 0) await new Promise((r) => setTimeout(r, 10));
  }
  return seen;
}
