import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

import { Client } from 'pg';

import { describeStartupError, StartupError } from '../startup-errors';
import { chooseEmbeddedPort, isPortFree, PORT_FILE } from './embedded-postgres';

/**
 * embedded-postgres is an ES module jest cannot load, so clusters start in child processes
 * running the built module (make test builds first), as `make start` does.
 */
const BUILT = resolve(__dirname, '../../../dist/infrastructure/database/embedded-postgres.js');

interface RunningCluster {
  url: string;
  stop(): Promise<void>;
}

const children = new Set<ReturnType<typeof spawn>>();
afterAll(() => {
  for (const child of children) child.kill('SIGTERM');
});

function startCluster(dataDir: string, defaultPort: number): Promise<RunningCluster> {
  const script = `
    const { startEmbeddedPostgres } = require(${JSON.stringify(BUILT)});
    startEmbeddedPostgres({ dataDir: ${JSON.stringify(dataDir)}, port: null, database: 'escrow', defaultPort: ${defaultPort} }).then(
      (handle) => {
        process.stdout.write('URL ' + handle.url + '\\n');
        process.on('SIGTERM', () => handle.stop().then(() => process.exit(0)));
      },
      (error) => { process.stderr.write(String(error && error.message) + '\\n'); process.exit(1); },
    );`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  child.once('exit', () => children.delete(child));
  let output = '';
  return new Promise((resolveStart, reject) => {
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /URL (\S+)/.exec(output);
      if (match) {
        resolveStart({
          url: match[1]!,
          stop: () =>
            new Promise<void>((done) => {
              child.once('exit', () => done());
              child.kill('SIGTERM');
            }),
        });
      }
    });
    child.once('exit', (code) => reject(new Error(`the cluster in ${dataDir} did not start (exit ${code}): ${output}`)));
  });
}

function listenOn(port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => resolve(server));
  });
}

const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

/** A free port with a few free ones above it, far from 54329 so a running `make start` is never touched. */
async function freeBase(): Promise<number> {
  for (let port = 56100 + Math.floor(Math.random() * 2000); ; port += 7) {
    if ((await isPortFree(port)) && (await isPortFree(port + 1)) && (await isPortFree(port + 2))) return port;
  }
}

async function selectOne(url: string): Promise<number> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ one: number }>('SELECT 1 AS one')).rows[0]!.one;
  } finally {
    await client.end();
  }
}

/**
 * Issue 16.5: two copies of the app on one machine. The embedded PostgreSQL takes a free port
 * when its default is busy, remembers it in its data folder, and a failure says what to do.
 */
describe('embedded PostgreSQL ports', () => {
  const dirs: string[] = [];
  const dataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'escrow-embedded-port-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('takes the next free port when the default is busy, and never a busy one', async () => {
    const base = await freeBase();
    const blocker = await listenOn(base);
    try {
      const choice = await chooseEmbeddedPort(dataDir(), null, new Set(), base);
      expect(choice.port).toBe(base + 1);
      expect(choice.reason).toContain(`port ${base} is in use`);
    } finally {
      await close(blocker);
    }
    expect((await chooseEmbeddedPort(dataDir(), null, new Set(), base)).port).toBe(base);
  });

  it('refuses a busy EMBEDDED_PG_PORT with the cause and what to do', async () => {
    const base = await freeBase();
    const blocker = await listenOn(base);
    try {
      const refusal = await chooseEmbeddedPort(dataDir(), base).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(StartupError);
      expect(describeStartupError(refusal, null)).toBe(
        `port ${base} (EMBEDDED_PG_PORT) is already in use by another program.\n` +
          `Stop that program, choose another port (EMBEDDED_PG_PORT=${base + 1}), or unset EMBEDDED_PG_PORT to let the embedded PostgreSQL pick a free port by itself.`,
      );
    } finally {
      await close(blocker);
    }
  });

  it('runs two clusters side by side when both want the same port, and each remembers its own', async () => {
    const source = resolve(__dirname, 'embedded-postgres.ts');
    if (!existsSync(BUILT) || statSync(BUILT).mtimeMs < statSync(source).mtimeMs)
      throw new Error(`${BUILT} is missing or older than its source: run \`npm run build\` first`);
    const base = await freeBase();
    const [first, second] = [dataDir(), dataDir()];
    const started: RunningCluster[] = [];
    try {
      // Started at the same moment: both see the default free, one of them loses the race for it.
      const handles = await Promise.all([first, second].map((dir) => startCluster(dir, base)));
      started.push(...handles);
      const ports = handles.map((h) => Number(new URL(h.url).port));
      expect(new Set(ports).size).toBe(2);
      expect(ports.every((p) => p >= base && p < base + 200)).toBe(true);
      for (const handle of handles) expect(await selectOne(handle.url)).toBe(1);
      expect(Number(readFileSync(join(first, PORT_FILE), 'utf8'))).toBe(ports[0]);
      expect(Number(readFileSync(join(second, PORT_FILE), 'utf8'))).toBe(ports[1]);

      // Both stopped, the default free again: the one that had to move comes back on the port it
      // remembered, not on the default (tools and bookmarks keep working).
      await Promise.all(started.splice(0).map((h) => h.stop()));
      const moved = ports[0] === base ? 1 : 0;
      expect(ports[moved]).not.toBe(base);
      // PostgreSQL may still be closing its sockets a moment after its parent process exited.
      for (let i = 0; i < 100 && !((await isPortFree(base)) && (await isPortFree(ports[moved]!))); i++) await new Promise((r) => setTimeout(r, 100));
      const again = await startCluster([first, second][moved]!, base);
      started.push(again);
      expect(Number(new URL(again.url).port)).toBe(ports[moved]);
      expect(await selectOne(again.url)).toBe(1);
    } finally {
      for (const handle of started) await handle.stop();
    }
  }, 120_000);

  it('names a busy HTTP port and what to do instead of failing with a bare error', async () => {
    const port = await freeBase();
    const blocker = await listenOn(port);
    try {
      const error = await listenOn(port).then(
        () => null,
        (e: unknown) => e,
      );
      expect(describeStartupError(error, { port, host: '127.0.0.1', databaseUrl: null })).toBe(
        `port ${port} is already in use (another Escrow Ledger, or another program, is listening on it).\nStop it, or start this one on another port: PORT=${port + 1} make start`,
      );
    } finally {
      await close(blocker);
    }
    expect(describeStartupError(undefined, null)).toMatch(/^an unknown failure without any details/);
    expect(
      describeStartupError(Object.assign(new Error('connect ECONNREFUSED 10.0.0.9:5432'), { code: 'ECONNREFUSED' }), {
        port: 3000,
        host: 'localhost',
        databaseUrl: 'postgres://u:p@10.0.0.9:5432/escrow',
      }),
    ).toBe(
      'cannot reach PostgreSQL at 10.0.0.9:5432 (DATABASE_URL): connect ECONNREFUSED 10.0.0.9:5432.\nCheck that the server runs and DATABASE_URL names the right host and port, or leave DATABASE_URL unset to use the embedded PostgreSQL.',
    );
  });
});
