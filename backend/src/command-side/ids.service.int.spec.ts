import { Client, Pool } from 'pg';

import type { TestDatabase } from '../../../testing/test-database';
import { createMigratedTestDatabase } from '../../test/support/test-app';
import { IdsService } from './ids.service';

describe('IdsService', () => {
  let database: TestDatabase;
  let pool: Pool;
  let ids: IdsService;
  beforeAll(async () => {
    database = await createMigratedTestDatabase();
    pool = new Pool({ connectionString: database.url, max: 4 });
    ids = new IdsService(pool);
  });
  afterAll(async () => {
    await pool.end();
    await database.drop();
  });

  it('gives a retried creation the id of the first', async () => {
    const first = await ids.forCreation('deposit_id_seq', 'deposit:1:7', 'key-retried-1');
    const again = await ids.forCreation('deposit_id_seq', 'deposit:1:7', 'key-retried-1');
    const other = await ids.forCreation('deposit_id_seq', 'deposit:1:7', 'key-retried-2');
    expect(again).toBe(first);
    expect(other).not.toBe(first);
  });

  it('answers the id of a copy of the request that was inserting at the same moment', async () => {
    // The first copy has inserted its id but not committed when the second copy asks.
    const firstCopy = new Client({ connectionString: database.url });
    await firstCopy.connect();
    try {
      await firstCopy.query('BEGIN');
      await firstCopy.query(`INSERT INTO idempotent_creations (scope, key, created_id) VALUES ('deposit:1:8', 'key-racing-1', 424242)`);
      const secondCopy = ids.forCreation('deposit_id_seq', 'deposit:1:8', 'key-racing-1');
      await new Promise((r) => setTimeout(r, 300)); // the second copy now waits on the first's row
      await firstCopy.query('COMMIT');
      await expect(secondCopy).resolves.toBe(424242);
    } finally {
      await firstCopy.end();
    }
  });
});
