import { createHash, randomBytes } from 'node:crypto';

import { Client } from 'pg';
import { DataSource, type MigrationInterface } from 'typeorm';

type MigrationClass = new () => MigrationInterface;

export interface TestDatabase {
  /** The cluster's superuser on this database: it owns the tables (the migration login). */
  url: string;
  /**
   * The runtime login of the test apps on this database (escrow_test_app; `make start` names its
   * own escrow_app): the migration step creates it and gives it its rights
   * (backend/src/infrastructure/database/database-logins.ts). A name of its own, so that running
   * the tests against a deployment's PostgreSQL never meets that deployment's login and password.
   */
  runtimeUrl: string;
  name: string;
  drop(): Promise<void>;
}

const RUNTIME_LOGIN = 'escrow_test_app:escrow_test_app';

/** The runtime login's URL on the database of `url` (an owner's URL of the jest cluster or a reliability test's own). */
export function runtimeUrlOf(url: string): string {
  const parsed = new URL(url);
  const [user, password] = RUNTIME_LOGIN.split(':');
  parsed.username = user!;
  parsed.password = password!;
  return parsed.toString();
}

function adminUrl(): string {
  const url = process.env.TEST_DATABASE_ADMIN_URL;
  if (!url) throw new Error('TEST_DATABASE_ADMIN_URL is not set: run tests through jest (its global setup starts PostgreSQL)');
  return url;
}

function databaseUrl(name: string): string {
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdmin<T>(fn: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * pg-pool's `end()` resolves before its clients' connections have closed; forcing the drop at
 * once would terminate those backends, and the FATAL they send reaches a client whose pool
 * already forgot it: an unhandled 'error' that fails whichever test runs next. So wait (briefly)
 * for the database's sessions to go, and only then force out what is left.
 */
async function dropDatabase(name: string): Promise<void> {
  await withAdmin(async (admin) => {
    const deadline = Date.now() + 1_000;
    while (Date.now() < deadline) {
      const { rows } = await admin.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
      if (rows[0]!.n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });
}

const templates = new Map<string, Promise<string>>();

/**
 * A migrated template per set of migrations, built once per run under an advisory lock (jest
 * workers race for it); every test database is a cheap copy of it.
 */
function migratedTemplate(key: string, migrations: MigrationClass[]): Promise<string> {
  const name = `template_${key}`;
  let pending = templates.get(name);
  if (!pending) {
    pending = withAdmin(async (admin) => {
      await admin.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
      try {
        const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
        if (exists.rowCount === 0) {
          const building = `${name}_building_${randomBytes(4).toString('hex')}`;
          await admin.query(`CREATE DATABASE ${building}`);
          const ds = new DataSource({ type: 'postgres', url: databaseUrl(building), migrations, migrationsTableName: 'schema_migrations', logging: ['error'] });
          await ds.initialize();
          await ds.runMigrations({ transaction: 'each' });
          await ds.destroy();
          await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
        }
      } finally {
        await admin.query('SELECT pg_advisory_unlock(hashtext($1))', [name]);
      }
      return name;
    });
    templates.set(name, pending);
  }
  return pending;
}

/** A fresh, migrated database of its own for one test file. */
export async function createTestDatabase(migrations: MigrationClass[]): Promise<TestDatabase> {
  const key = createHash('sha1')
    .update(migrations.map((m) => m.name).join(','))
    .digest('hex')
    .slice(0, 12);
  const template = await migratedTemplate(key, migrations);
  const name = `test_${randomBytes(6).toString('hex')}`;
  await withAdmin((admin) => admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
  return {
    name,
    url: databaseUrl(name),
    runtimeUrl: runtimeUrlOf(databaseUrl(name)),
    drop: () => dropDatabase(name),
  };
}

/**
 * A copy of a test database as it is now (CREATE DATABASE … TEMPLATE): nobody may be connected
 * to the source while it is copied.
 */
export async function copyTestDatabase(source: TestDatabase): Promise<TestDatabase> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  await withAdmin((admin) => admin.query(`CREATE DATABASE ${name} TEMPLATE ${source.name}`));
  return {
    name,
    url: databaseUrl(name),
    runtimeUrl: runtimeUrlOf(databaseUrl(name)),
    drop: () => dropDatabase(name),
  };
}
