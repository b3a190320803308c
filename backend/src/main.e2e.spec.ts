import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { builtEntry, freePort } from '../test/reliability/child-process';

/** The steps `make start` says as Ctrl-C stops it, in this order: the workers before PostgreSQL. */
const STEPS = [
  'Stopping the HTTP server… done',
  'Stopping the webhook deliverer… done',
  'Stopping the payments dispatcher… done',
  'Stopping the held-funds clock… done',
  'Stopping the projection runner… done',
  'Stopping the NOTIFY listeners… done',
  'Closing the database connections… done',
  'Stopping PostgreSQL… done',
];

const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The embedded cluster's postmaster, while its pid file says one runs. */
function postmasterPid(dataDir: string): number | null {
  const file = join(dataDir, 'pg', 'postmaster.pid');
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, 'utf8').split('\n')[0]);
  return Number.isInteger(pid) && alive(pid) ? pid : null;
}

/**
 * `make start` as a person runs it in a terminal: the built product with its embedded PostgreSQL
 * and demo data, in a process group of its own, stopped by Ctrl-C. The terminal sends SIGINT to
 * the whole foreground process group, hence `kill(-pid)`: whatever else runs in that group (a
 * PostgreSQL started in it) gets the signal too.
 */
describe('make start, stopped with Ctrl-C', () => {
  let dataDir: string;
  let child: ChildProcess | null = null;

  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGKILL');
    const pid = dataDir ? postmasterPid(dataDir) : null;
    if (pid) {
      process.kill(pid, 'SIGINT');
      for (let i = 0; i < 100 && alive(pid); i++) await new Promise((r) => setTimeout(r, 100));
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('stops the workers, then PostgreSQL, saying each step, and exits 0 without an error', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'escrow-ctrl-c-'));
    const port = await freePort();
    const started = spawn(process.execPath, [builtEntry('main.js')], {
      detached: true,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: '',
        DATA_DIR: dataDir,
        EMBEDDED_PG_PORT: String(await freePort()),
        SEED_DEMO_DATA: 'true',
        PAYMENTS_SANDBOX_SETTLE_MS: '100',
        FRONTEND_DIST: '/nonexistent',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = started;
    let output = '';
    started.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    started.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      started.once('exit', (code, signal) => resolve({ code, signal })),
    );

    // Healthy, and the workers have done some work: the projectors applied the demo data's events.
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (started.exitCode !== null) throw new Error(`make start ended early:\n${output}`);
      if (Date.now() > deadline) throw new Error(`make start did not become healthy with its projectors caught up:\n${output}`);
      const health = await fetch(`http://127.0.0.1:${port}/api/health`)
        .then((r) => (r.ok ? (r.json() as Promise<{ status: string; projectors: { position: string | null; lagEvents: number }[] }>) : null))
        .catch(() => null);
      if (health?.status === 'ok' && health.projectors.length > 0 && health.projectors.every((p) => p.position !== null && p.lagEvents === 0)) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const postgres = postmasterPid(dataDir);
    expect(postgres).not.toBeNull();
    // Not a terminal: the logs are JSON lines; the demo logins stay text for the person reading.
    const serving = output.split('\n').find((line) => line.includes('Escrow Ledger is serving'));
    expect(JSON.parse(serving ?? 'null')).toMatchObject({ level: 'info', context: 'Main', time: expect.any(String) });
    expect(output).toContain('Ctrl-C stops the API and PostgreSQL.');

    const before = output.length;
    process.kill(-started.pid!, 'SIGINT');
    const timer = setTimeout(() => process.kill(-started.pid!, 'SIGKILL'), 30_000);
    const { code, signal } = await exited;
    clearTimeout(timer);

    const after = output.slice(before).replace(ANSI, '');
    const lines = after.split('\n').filter((line) => line.trim() !== '');
    const context = `output after Ctrl-C:\n${after}`;
    expect({ code, signal, context }).toEqual({ code: 0, signal: null, context });
    expect({
      problems: lines.filter((line) => /\b(ERROR|FATAL|PANIC|WARN(ING)?)\b|"level":"(warn|error|fatal)"|lost its|Error:|^\s+at /.test(line)),
      context,
    }).toEqual({
      problems: [],
      context,
    });
    expect(output).not.toMatch(/lost its (database )?lock/);
    expect({ steps: lines.filter((line) => /^(Stopping|Closing) /.test(line)), context }).toEqual({ steps: STEPS, context });
    // PostgreSQL stopped cleanly and for good: no postmaster left, no pid file.
    expect(alive(postgres!)).toBe(false);
    expect(existsSync(join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
  }, 150_000);
});
