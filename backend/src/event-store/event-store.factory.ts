import { BANK_ACCOUNT_UPCASTERS, type EventStore, MILESTONE_UPCASTERS, UpcastingEventStore } from '@escrow/domain';
import type { Pool } from 'pg';

import type { AppConfig } from '../config/app-config';
import { EventStoreDbEventStore } from './eventstoredb/eventstoredb-event-store';
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
    case 'eventstoredb':
      // loadConfig refuses eventstoredb without a connection string.
      return new EventStoreDbEventStore({ connectionString: config.eventStoreConnectionString!, log });
  }
}
