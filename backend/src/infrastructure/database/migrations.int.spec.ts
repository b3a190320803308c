import { randomBytes } from 'node:crypto';

import { Client, Pool } from 'pg';

import { runtimeUrlOf } from '../../../../testing/test-database';
import { allEntities, allMigrations, readModelTables } from '../../schema';
import { createDataSource, type DatabaseHandle, migrate, prepareDatabase } from './database';
import { ledgerPowersOf } from './database-logins';

/**
 * Issue 16.4: the compose deployment starts two API replicas and the worker at once on an empty
 * database. Each migrates on start; they must not trip over each other (one migrates, the
 * others wait on the advisory lock and find nothing left).
 */
describe('migrations started by several processes at once', () => {
  const admin = () => new Client({ connectionString: process.env.TEST_DATABASE_ADMIN_URL });
  const name = `test_migrate_${randomBytes(5).toString('hex')}`;
  let url: string;

  beforeAll(async () => {
    const client = admin();
    await client.connect();
    await client.query(`CREATE DATABASE ${name}`);
    await client.end();
    const parsed = new URL(process.env.TEST_DATABASE_ADMIN_URL!);
    parsed.pathname = `/${name}`;
    url = parsed.toString();
  });
  afterAll(async () => {
    const client = admin();
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  });

  it('migrates a fresh database once when three processes start together', async () => {
    const sources = [1, 2, 3].map(() => createDataSource(url, allEntities, allMigrations));
    try {
      await Promise.all(sources.map((s) => s.initialize()));
      await Promise.all(sources.map((s) => migrate(s)));
      const rows = await sources[0]!.query(`SELECT count(*)::int AS n, count(DISTINCT name)::int AS distinct FROM schema_migrations`);
      expect(rows[0]).toEqual({ n: allMigrations.length, distinct: allMigrations.length });
    } finally {
      await Promise.all(sources.map((s) => s.destroy()));
    }
  }, 60_000);

  it('migrates once and gives the runtime login its rights once when three processes with two logins start together', async () => {
    const fresh = `${name}_logins`;
    const client = admin();
    await client.connect();
    await client.query(`CREATE DATABASE ${fresh}`);
    const ownerUrl = Object.assign(new URL(url), { pathname: `/${fresh}` }).toString();
    const handles: DatabaseHandle[] = [1, 2, 3].map(() => {
      const pool = new Pool({ connectionString: runtimeUrlOf(ownerUrl), max: 1 });
      pool.on('error', () => undefined); // the forced DROP DATABASE below cuts what pg-pool's end() left open
      return {
        url: runtimeUrlOf(ownerUrl),
        ownerUrl,
        pool,
        startedServer: false,
        closeConnections: () => pool.end(),
        stopServer: async () => undefined,
        stop: () => pool.end(),
      };
    });
    try {
      // Two GRANTs on one table at once fail with "tuple concurrently updated": the migration lock covers them.
      await Promise.all(handles.map((db) => prepareDatabase(db, allMigrations, readModelTables, () => undefined)));
      expect(await ledgerPowersOf(handles[0]!.pool)).toEqual([]);
      const { rows } = await handles[0]!.pool.query(`SELECT count(*)::int AS n FROM schema_migrations`);
      expect(rows[0]).toEqual({ n: allMigrations.length });
    } finally {
      await Promise.all(handles.map((db) => db.stop()));
      await client.query(`DROP DATABASE IF EXISTS ${fresh} WITH (FORCE)`);
      await client.end();
    }
  }, 60_000);
});
