// First: tracing (when OTEL_* asks for it) must patch pg before it loads.
import './observability/tracing/start-tracing';
import 'reflect-metadata';

import { createHash } from 'node:crypto';
import { join } from 'node:path';

import {
  type CopyEndpoint,
  CopyRefusedError,
  createProjectors,
  type OpenCopyStores,
  ProjectionRunner,
  runProjectionsCli,
  type StoreKind,
} from '@escrow/projections';
import { Pool } from 'pg';

import { fileStoreOf } from './attachments';
import { type AppConfig, loadConfig } from './config/app-config';
import { createStoredEventStore, upcasting } from './event-store/event-store.factory';
import { EventStoreDbEventStore } from './event-store/eventstoredb/eventstoredb-event-store';
import { PostgresEventStore } from './event-store/postgres/postgres-event-store';
import { createDataSource, migrate, openDatabase, prepareDatabase } from './infrastructure/database/database';
import { createLogger } from './observability/logging/logger';
import { serveWorkerMetrics } from './observability/metrics';
import { stopTracing } from './observability/tracing/start-tracing';
import { allEntities, allMigrations, readModelTables } from './schema';

/** A URL or connection string without its password, for messages and the copy's state file. */
function withoutPassword(url: string): string {
  return url.replace(/\/\/([^:/@]+):[^@/]*@/, '//$1:***@');
}

/**
 * Opens both stores of `copy-events`. PostgreSQL: the given URL, else DATABASE_URL or the
 * embedded database of `make start`; a PostgreSQL target is migrated first (it becomes an
 * installation's database). EventStoreDB: the given connection string, else
 * EVENTSTORE_CONNECTION_STRING.
 */
export function copyStoresOpener(config: AppConfig, log: (line: string) => void): OpenCopyStores {
  return async (from, to) => {
    const closers: (() => Promise<unknown>)[] = [];
    const close = async () => {
      for (const closer of closers.reverse()) await closer().catch(() => undefined);
    };
    const open = async (side: 'source' | 'target', spec: { kind: StoreKind; url: string | null }): Promise<CopyEndpoint> => {
      if (spec.kind === 'eventstoredb') {
        const connectionString = spec.url ?? config.eventStoreConnectionString;
        if (!connectionString)
          throw new CopyRefusedError(`Name the ${side} EventStoreDB with --${side === 'source' ? 'from' : 'to'}-url esdb://… or EVENTSTORE_CONNECTION_STRING.`);
        const store = new EventStoreDbEventStore({ connectionString, log });
        closers.push(() => store.close());
        return { store, description: `eventstoredb ${withoutPassword(connectionString)}` };
      }
      let url = spec.url;
      if (!url) {
        const db = await openDatabase(config, log);
        closers.push(() => db.stop());
        url = db.url;
        // This installation's database: migrated by its owner, used with its runtime login.
        await prepareDatabase(db, allMigrations, readModelTables, log);
      } else if (side === 'target') {
        const dataSource = createDataSource(url, allEntities, allMigrations);
        await dataSource.initialize();
        try {
          await migrate(dataSource);
        } finally {
          await dataSource.destroy();
        }
      }
      const pool = new Pool({ connectionString: url, max: 4, application_name: `escrow-copy-events-${side}` });
      pool.on('error', () => undefined);
      pool.on('connect', (client) => client.on('error', () => undefined)); // see openDatabase
      closers.push(() => pool.end());
      const { rows } = await pool.query<{ found: string | null }>(`SELECT to_regclass('events')::text AS found`);
      if (!rows[0]?.found) throw new CopyRefusedError(`The ${side} database ${withoutPassword(url)} has no events table.`);
      const store = new PostgresEventStore({ pool, log });
      closers.push(() => store.close());
      return { store, description: `postgres ${withoutPassword(url)}` };
    };
    try {
      const source = await open('source', from);
      const target = await open('target', to);
      if (source.description === target.description) throw new CopyRefusedError(`The source and the target are the same store (${source.description}).`);
      const id = createHash('sha256').update(`${source.description}\n${target.description}`).digest('hex').slice(0, 12);
      return { source, target, defaultStateFile: join(config.dataDir, `copy-events-${id}.json`), close };
    } catch (error) {
      await close();
      throw error;
    }
  };
}

/**
 * `npm run projections -- <status|run|rebuild|resume|verify|copy-events>`: the projection runner without
 * the API, and moving a ledger between event stores. Uses the same database as `make start`
 * (the embedded one under .data, reused if running).
 */
async function main(): Promise<number> {
  const config = loadConfig();
  // The worker's lines (a parked stream with its event's correlation id, a lost lock) as the API's: JSON unless a terminal.
  const logger = createLogger(config.logging, undefined, process.stderr).child({ context: 'Projections' });
  const log = (line: string, fields?: Record<string, unknown>) => logger.info(fields ?? {}, line);
  return runProjectionsCli(
    process.argv.slice(2),
    async () => {
      const db = await openDatabase(config, log);
      await prepareDatabase(db, allMigrations, readModelTables, (line) => logger.warn(line));
      const stored = createStoredEventStore(config, db.pool, db.url, log);
      const eventStore = upcasting(stored);
      const runner = new ProjectionRunner({ pool: db.pool, eventStore, databaseUrl: db.url, projectors: createProjectors(), log });
      // The worker (`run`) serves its metrics on METRICS_PORT; one-off commands do not.
      const worker = process.argv[2] === 'run' && config.metrics.port !== null;
      const metrics = worker
        ? await serveWorkerMetrics(runner, db.pool, config.metrics.port!, config.host).catch(async (error: unknown) => {
            await eventStore.close();
            await db.stop();
            throw error;
          })
        : null;
      if (worker) log(`Prometheus metrics on http://${config.host}:${config.metrics.port}/metrics`);
      return {
        runner,
        integrity: { store: stored, pool: db.pool, files: fileStoreOf(config) },
        close: async () => {
          await metrics?.stop();
          await runner.stop();
          await eventStore.close();
          await db.stop();
        },
      };
    },
    undefined,
    copyStoresOpener(config, log),
  );
}

if (require.main === module) {
  main().then(
    (code) => void stopTracing().then(() => process.exit(code)),
    (error: unknown) => {
      process.stderr.write(`projections: ${(error as Error).message}\n`);
      process.exit(1);
    },
  );
}
