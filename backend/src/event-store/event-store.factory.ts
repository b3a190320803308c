import { BANK_ACCOUNT_UPCASTERS, type EventStore, MILESTONE_UPCASTERS, UpcastingEventStore } from '@escrow/domain';
import type { Pool } from 'pg';

import type { AppConfig } from '../config/app-config';
import type { EventStoreDbEventStore as EventStoreDbAdapter } from './eventstoredb/eventstoredb-event-store';
import { PostgresEventStore } from './postgres/postgres-event-store';

/** Readers (deciders, projectors) see every event upcast to its current schema version. */
export function upcasting(stored: EventStore): EventStore {
  return new UpcastingEventStore(stored, [...MILESTONE_UPCASTERS, ...BANK_ACCOUNT_UPCASTERS]);
}

/**
 * EVENT_STORE=postgres|eventstoredb picks the adapter (both pass the same contract suite). The
 * adapter itself gives events exactly as stored, which is what their hashes cover (chain checks,
 * audit exports); everything else reads through `upcasting`.
 */
export function createStoredEventStore(config: AppConfig, pool: Pool, databaseUrl: string, log: (line: string) => void): EventStore {
  switch (config.eventStore) {
    case 'postgres':
      return new PostgresEventStore({ pool, listenUrl: databaseUrl, log, batchGapMs: config.projectorBatchGapMs });
    case 'eventstoredb': {
      // Required only when chosen: the client and its gRPC stack took about 50 ms of every start.
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { EventStoreDbEventStore } = require('./eventstoredb/eventstoredb-event-store') as { EventStoreDbEventStore: typeof EventStoreDbAdapter };
      // loadConfig refuses eventstoredb without a connection string.
      return new EventStoreDbEventStore({ connectionString: config.eventStoreConnectionString!, log });
    }
  }
}
