import type { EntityClass, MigrationClass } from '@escrow/projections';
import pg, { type Pool, types } from 'pg';
import { DataSource, type EntitySchema, type MixedList } from 'typeorm';

import type { AppConfig } from '../../config/app-config';
import { StartupError } from '../startup-errors';
import { ensureRuntimeLogin, grantRuntimeRights, ledgerPowersOf, loginOf, refuseRuntimeTraps } from './database-logins';
import { type EmbeddedPostgresHandle, startEmbeddedPostgres } from './embedded-postgres';
import { PipeliningPool } from './one-round-trip';

// int8 and numeric arrive as strings; money code turns numerics into Decimal explicitly,
// so only counts (int8) are parsed, and only when they are safe integers.
types.setTypeParser(types.builtins.INT8, (value) => {
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : value;
});

export interface DatabaseHandle {
  /** The runtime login's: every query of the API and the worker. */
  url: string;
  /**
   * The owner's login, which runs the migrations and gives the runtime login its rights
   * (DATABASE_MIGRATION_URL; the superuser of the embedded PostgreSQL). Null: DATABASE_URL's
   * login migrates too, as before two logins existed.
   */
  ownerUrl: string | null;
  /** Pool for the hot paths (event store, projection runner): plain SQL, no ORM in between. */
  pool: Pool;
  /** Whether this process started the embedded PostgreSQL, which stopServer() then stops. */
  startedServer: boolean;
  /** Ends the pool's connections. */
  closeConnections(): Promise<void>;
  /** Stops the embedded PostgreSQL this process started (nothing otherwise); after closeConnections(). */
  stopServer(): Promise<void>;
  /** closeConnections(), then stopServer(). */
  stop(): Promise<void>;
}

export async function openDatabase(config: AppConfig, log: (line: string) => void): Promise<DatabaseHandle> {
  let embedded: EmbeddedPostgresHandle | null = null;
  let url = config.databaseUrl;
  let ownerUrl = url ? config.databaseMigrationUrl : null;
  if (!url) {
    embedded = await startEmbeddedPostgres({
      dataDir: config.dataDir,
      port: config.embeddedPostgresPort,
      database: 'escrow',
      log: (line) => log(`[postgres] ${line}`),
    });
    url = embedded.runtimeUrl;
    ownerUrl = embedded.url;
  }
  if (ownerUrl !== null && loginOf(ownerUrl).user === loginOf(url).user) ownerUrl = null;
  // A session idle inside a transaction holds every reader of the global order back: end it
  // after a minute (the database's own default says the same for every other client, see
  // IdleTransactionsEnd; this covers connections opened before that migration ran).
  const pool = new PipeliningPool({
    connectionString: url,
    max: 20,
    application_name: 'escrow-ledger',
    options: '-c idle_in_transaction_session_timeout=60000',
  });
  // A dropped idle connection must not crash the process; the next query gets a fresh one.
  pool.on('error', (error) => log(`[postgres] idle connection error: ${error.message}`));
  // pg-pool listens for errors only while a client is idle. A checked-out client (a transaction
  // between two statements) whose connection is cut emits 'error' with nobody listening, which
  // would end the process; its holder learns of it from its next statement's error instead, and
  // the pool discards the client when it is released (it is no longer queryable).
  pool.on('connect', (client) => client.on('error', () => undefined));
  let poolEnded: Promise<void> | null = null;
  const closeConnections = () => (poolEnded ??= pool.end().catch(() => undefined));
  const stopServer = async () => {
    await embedded?.stop();
  };
  return {
    url,
    ownerUrl,
    pool,
    startedServer: embedded?.startedHere ?? false,
    closeConnections,
    stopServer,
    stop: async () => {
      await closeConnections();
      await stopServer();
    },
  };
}

/**
 * node-postgres for TypeORM's own pool, with the same guard as openDatabase's: every client gets
 * an 'error' listener when it connects, so a connection cut while TypeORM holds it (a query
 * runner's transaction between two statements) fails that holder's next statement instead of
 * ending the process (found by the escrow simulation's connection kills).
 */
class GuardedPool extends pg.Pool {
  constructor(options?: pg.PoolConfig) {
    super(options);
    this.on('connect', (client) => client.on('error', () => undefined));
  }
}
const guardedPg = { ...pg, Pool: GuardedPool };

export function createDataSource(
  url: string,
  entities: MixedList<EntityClass | string | EntitySchema>,
  migrations: MixedList<MigrationClass | string>,
): DataSource {
  return new DataSource({
    type: 'postgres',
    driver: guardedPg,
    url,
    entities,
    migrations,
    migrationsTableName: 'schema_migrations',
    synchronize: false,
    logging: ['error'],
    extra: { max: 10, application_name: 'escrow-ledger-orm' },
  });
}

/**
 * The one migration runner (the API, the projection worker, copy-events and the schema CLI all
 * call it). Several processes may start at once on a fresh database (API replicas, the worker):
 * one migrates while the others wait on an advisory lock, then find nothing left to do. With a
 * `runtime` login, the same lock covers its creation and its rights (two GRANTs on one table at
 * once fail with "tuple concurrently updated").
 */
export async function migrate(dataSource: DataSource, runtime?: { url: string; readModelTables: readonly string[] }): Promise<void> {
  const lock = dataSource.createQueryRunner();
  await lock.connect();
  try {
    await lock.query(`SELECT pg_advisory_lock(hashtextextended('escrow-migrations', 0))`);
    try {
      const login = runtime ? loginOf(runtime.url) : null;
      if (login) {
        await ensureRuntimeLogin(lock, login);
        await refuseRuntimeTraps(lock, login.user);
      }
      await dataSource.runMigrations({ transaction: 'each' });
      if (login) {
        await lock.startTransaction();
        try {
          await grantRuntimeRights(lock, login.user, runtime!.readModelTables);
          await lock.commitTransaction();
        } catch (error) {
          await lock.rollbackTransaction();
          throw error;
        }
      }
    } finally {
      await lock.query(`SELECT pg_advisory_unlock(hashtextextended('escrow-migrations', 0))`);
    }
  } finally {
    await lock.release();
  }
}

/**
 * Brings the database of `db` up to date before anything uses it: the migrations run as the
 * owner (db.ownerUrl), which then gives the runtime login its rights; a runtime login that could
 * still change the ledger stops the start. Without an owner login (a single DATABASE_URL, as
 * before), the runtime login migrates itself and a warning says what that leaves open.
 */
export async function prepareDatabase(
  db: DatabaseHandle,
  migrations: MixedList<MigrationClass | string>,
  readModelTables: readonly string[],
  warn: (line: string) => void,
): Promise<void> {
  const owner = createDataSource(db.ownerUrl ?? db.url, [], migrations);
  await owner.initialize();
  try {
    await migrate(owner, db.ownerUrl === null ? undefined : { url: db.url, readModelTables });
  } finally {
    await owner.destroy();
  }
  const powers = await ledgerPowersOf(db.pool);
  if (powers.length === 0) return;
  const what = `the database login of DATABASE_URL can change or delete stored events or security log rows (${powers.join('; ')})`;
  if (db.ownerUrl !== null) {
    throw new StartupError(what, 'Give DATABASE_URL a login of its own that owns nothing and is not a superuser (docs/operations.md, "Database logins").');
  }
  warn(`${what}: set DATABASE_MIGRATION_URL to the owner's login and DATABASE_URL to a login of its own (docs/operations.md, "Database logins")`);
}
