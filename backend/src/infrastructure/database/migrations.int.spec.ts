import { randomBytes } from 'node:crypto';

import { Client } from 'pg';

import { allEntities, allMigrations } from '../../schema';
import { createDataSource, migrate } from './database';

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
});
