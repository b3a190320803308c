import { Client } from 'pg';

import { createTestDatabase, type TestDatabase } from '../../../../testing/test-database';
import { loadConfig } from '../../config/app-config';
import { type DatabaseHandle, openDatabase } from './database';

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
    const admin = new Client({ connectionString: database.url });
    await admin.connect();
    try {
      await admin.query('SELECT pg_terminate_backend($1, 5000)', [rows[0]!.pid]);
    } finally {
      await admin.end();
    }
    await new Promise((r) => setTimeout(r, 200)); // the socket's end arrives while nobody queries
    await expect(client.query('SELECT 1')).rejects.toThrow();
    client.release();
    const again = await handle.pool.query<{ one: number }>('SELECT 1 AS one');
    expect(again.rows).toEqual([{ one: 1 }]);
  });
});
