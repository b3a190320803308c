import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { e2eEnvironment, e2eWorkers } from './environment';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

async function waitForHealth(url: string, timeoutMs: number, exited: () => string | null): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const failure = exited();
    if (failure) throw new Error(failure);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the server did not answer ${url} within ${timeoutMs} ms`);
}

/**
 * Starts the built product as `make start` does (embedded PostgreSQL, migrations, demo data with
 * secrets of its own in its data folder),
 * once per worker slot, each on free loopback ports and a throw-away data directory: a worker's
 * journeys run in order against its own server, as they did against the one server before.
 */
export default async function globalSetup(): Promise<void> {
  const main = join(repoRoot, 'backend', 'dist', 'main.js');
  if (!existsSync(main)) throw new Error('backend/dist/main.js is missing: run `npm run build` first (make test does)');
  mkdirSync(join(repoRoot, '.test-results'), { recursive: true });
  const servers = await Promise.all(Array.from({ length: e2eWorkers() }, (_, slot) => startServer(main, slot)));
  (globalThis as { __ESCROW_E2E_SERVERS__?: unknown }).__ESCROW_E2E_SERVERS__ = servers;
  // The workers, started after this, inherit it: each reads its server's demo secrets there (e2eDataDir).
  process.env.E2E_DATA_DIRS = servers.map((server) => server.dataDir).join(',');
}

async function startServer(main: string, slot: number): Promise<{ child: ChildProcess; dataDir: string }> {
  const env = e2eEnvironment(slot);
  const dataDir = mkdtempSync(join(tmpdir(), 'escrow-e2e-'));
  const child = spawn(process.execPath, [main], {
    env: {
      ...process.env,
      PORT: String(env.port),
      HOST: '127.0.0.1',
      EMBEDDED_PG_PORT: String(env.pgPort),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DATABASE_MIGRATION_URL: '',
      SEED_DEMO_DATA: 'true',
      PAYMENTS_SANDBOX_SETTLE_MS: process.env.E2E_SETTLE_MS ?? '1000',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Each server's output goes to .test-results/e2e-server-<slot>.log for when a journey fails.
  const serverLog = createWriteStream(join(repoRoot, '.test-results', `e2e-server-${slot}.log`));
  let output = '';
  const keep = (chunk: Buffer) => {
    serverLog.write(chunk);
    output = (output + chunk.toString()).slice(-20000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  let exitText: string | null = null;
  child.on('exit', (code, signal) => {
    exitText = `the server of worker slot ${slot} exited early (code ${code}, signal ${signal}):\n${output}`;
  });
  await waitForHealth(`${env.baseUrl}/api/health`, 120_000, () => exitText);
  child.removeAllListeners('exit');
  return { child, dataDir };
}
