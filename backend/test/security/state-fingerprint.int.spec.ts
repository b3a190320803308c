import { Pool } from 'pg';

import type { TestDatabase } from '../../../testing/test-database';
import { createUser, startSession } from '../support/http-session';
import { createMigratedTestDatabase } from '../support/test-app';
import { changedTables, fingerprint } from './state-fingerprint.test-kit';

/** The fuzz suite trusts the fingerprint to see every write a refused request might make. */
describe('the state fingerprint of the security suites', () => {
  let database: TestDatabase;
  let pool: Pool;

  beforeAll(async () => {
    database = await createMigratedTestDatabase();
    pool = new Pool({ connectionString: database.url });
  });
  afterAll(async () => {
    await pool?.end();
    await database?.drop();
  });

  it('sees an insert, an update, an update that writes the same values back and a delete; nothing else moves', async () => {
    const user = await createUser(pool);
    await createUser(pool);
    const steps: [string, string][] = [
      ['an insert', `INSERT INTO contact_messages (name, email, message) VALUES ('A', 'a@example.test', 'Hello there')`],
      ['an update', `UPDATE users SET first_name = 'Changed' WHERE user_id = ${user.userId}`],
      ['the same values written back', `UPDATE users SET first_name = first_name WHERE user_id = ${user.userId}`],
      ['a delete', `DELETE FROM contact_messages`],
    ];
    let before = await fingerprint(pool);
    expect(await changedTables(pool, before, await fingerprint(pool))).toEqual([]);
    for (const [what, sql] of steps) {
      await pool.query(sql);
      const after = await fingerprint(pool);
      expect({ what, changed: await changedTables(pool, before, after) }).toEqual({ what, changed: [sql.includes('users') ? 'users' : 'contact_messages'] });
      before = after;
    }
    // A session counts as changed when it is created or its token, user or expiry changes, not
    // when a request only notes that it was seen.
    await startSession(pool, user.userId);
    let after = await fingerprint(pool);
    expect(await changedTables(pool, before, after)).toEqual(['sessions']);
    before = after;
    await pool.query("UPDATE sessions SET last_seen_at = now() + interval '1 minute'");
    after = await fingerprint(pool);
    expect(await changedTables(pool, before, after)).toEqual([]);
    await pool.query("UPDATE sessions SET expires_at = expires_at + interval '1 day'");
    after = await fingerprint(pool);
    expect(await changedTables(pool, before, after)).toEqual(['sessions']);
    before = after;
    // A write rolled back leaves nothing.
    const client = await pool.connect();
    await client.query('BEGIN');
    await client.query(`UPDATE users SET first_name = 'Gone' WHERE user_id = ${user.userId}`);
    await client.query('ROLLBACK');
    client.release();
    expect(await changedTables(pool, before, await fingerprint(pool))).toEqual([]);
  });
});
