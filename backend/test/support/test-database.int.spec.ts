import { Pool } from 'pg';

import { createTestDatabase } from '../../../testing/test-database';

/**
 * A test that ends its pool and drops its database at once must not fail the next test. pg-pool's
 * `end()` resolves before the connections have closed; a drop that forced them out at once made a
 * backend that had not yet read the pool's goodbye send a FATAL to a client its pool had already
 * let go — an unhandled 'error' that failed the reliability suite's copy-events test on a busy CI
 * machine. A busy machine is played here by pausing the backend (SIGSTOP) while the pool ends.
 */
describe('test databases', () => {
  it('drop right after pool.end() raises no error on the ended connection', async () => {
    const database = await createTestDatabase([]);
    const pool = new Pool({ connectionString: database.url, max: 1 });
    const errors: unknown[] = [];
    pool.on('error', (error) => void errors.push(error));
    const { rows } = await pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    const backend = rows[0]!.pid;
    process.kill(backend, 'SIGSTOP');
    try {
      await pool.end();
      const dropped = database.drop();
      await new Promise((resolve) => setTimeout(resolve, 200));
      process.kill(backend, 'SIGCONT');
      await dropped;
    } finally {
      try {
        process.kill(backend, 'SIGCONT');
      } catch {
        // already gone
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(errors).toEqual([]);
  });
});
