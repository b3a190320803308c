import { Pool } from 'pg';

/**
 * A pool of the test's own on a database it will stop or drop. pg-pool's end() resolves before
 * its connections have closed, so one still closing when PostgreSQL stops (or the database is
 * dropped WITH (FORCE)) gets "terminating connection"; an unheard pool rethrows that as an
 * unhandled error, failing a test that passed. Queries still reject as usual.
 */
export function checkerPool(connectionString: string, max: number): Pool {
  const pool = new Pool({ connectionString, max, application_name: 'reliability-checker' });
  pool.on('error', () => undefined);
  return pool;
}
