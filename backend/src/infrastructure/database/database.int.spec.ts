import { Client, type Pool } from 'pg';
import type { DataSource } from 'typeorm';

import { createTestDatabase, type TestDatabase } from '../../../../testing/test-database';
import { loadConfig } from '../../config/app-config';
import { createDataSource, type DatabaseHandle, openDatabase } from './database';

/** Ends a session from outside, as an operator or a failover would, and lets its end arrive. */
async function cutConnection(url: string, pid: number): Promise<void> {
  const admin = new Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query('SELECT pg_terminate_backend($1, 5000)', [pid]);
  } finally {
    await admin.end();
  }
  await new Promise((r) => setTimeout(r, 200)); // the socket's end arrives while nobody queries
}

/**
 * The reliability simulation cut a connection while a transaction held it between two statements:
 * the checked-out client emitted 'error' with no listener (pg-pool listens only to idle clients)
 * and the API process died. The holder must learn it from its next statement instead.
 */
describe('the application pool when a checked-out connection is cut', () => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase([]);
    handle = await openDatabase({ ...loadConfig({}), databaseUrl: database.url }, () => undefined);
  });
  afterAll(async () => {
    await handle.stop();
    await database.drop();
  });

  it('lets the holder see the error on its next statement, and hands out a working connection next', async () => {
    const client = await handle.pool.connect();
    await client.query('BEGIN');
    const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    await cutConnection(database.url, rows[0]!.pid);
    await expect(client.query('SELECT 1')).rejects.toThrow();
    client.release();
    const again = await handle.pool.query<{ one: number }>('SELECT 1 AS one');
    expect(again.rows).toEqual([{ one: 1 }]);
  });
});

/**
 * TypeORM's own pool: its query runners listen for errors only while they hold a client, and
 * pg-pool only while a client is idle; between the two (a client handed out, a runner released
 * after a first error) a cut connection's 'error' had nobody listening. The reliability
 * simulation's connection kills ended an API process that way once. Every client of the ORM's
 * pool now carries a listener from its first connect, whoever holds it.
 */
describe('the ORM pool', () => {
  let database: TestDatabase;
  let dataSource: DataSource;
  beforeAll(async () => {
    database = await createTestDatabase([]);
    dataSource = createDataSource(database.url, [], []);
    await dataSource.initialize();
  });
  afterAll(async () => {
    await dataSource.destroy();
    await database.drop();
  });

  it('hands out clients that listen for errors even outside a query runner', async () => {
    const pool = (dataSource.driver as unknown as { master: Pool }).master;
    const client = await pool.connect();
    try {
      expect(client.listenerCount('error')).toBeGreaterThan(0);
      const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      await cutConnection(database.url, rows[0]!.pid); // while nobody queries: no crash
      await expect(client.query('SELECT 1')).rejects.toThrow();
    } finally {
      client.release(true);
    }
    expect(await dataSource.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
  });
});
