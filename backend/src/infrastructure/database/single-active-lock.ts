import { Client } from 'pg';

/**
 * Takes a session advisory lock on a connection of its own, for a worker that runs once per
 * database (the payments dispatcher, the held-funds clock, the webhook deliverer). Returns the
 * connection that holds it, or null while another process does. A lost connection (PostgreSQL
 * restarted, the session terminated) releases the lock: `onLost` is then told, so the worker
 * stops at once and queues for the lock again, and two processes never both run it.
 */
export async function takeSingleActiveLock(
  databaseUrl: string,
  applicationName: string,
  lockName: string,
  onLost: (lock: Client) => void,
): Promise<Client | null> {
  const lock = new Client({ connectionString: databaseUrl, application_name: applicationName });
  lock.on('error', () => undefined);
  try {
    await lock.connect();
    const { rows } = await lock.query<{ ok: boolean }>(`SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS ok`, [lockName]);
    if (!rows[0]?.ok) {
      await lock.end();
      return null;
    }
  } catch (error) {
    await lock.end().catch(() => undefined);
    throw error;
  }
  const lost = () => onLost(lock);
  lock.on('error', lost);
  lock.on('end', lost);
  return lock;
}
