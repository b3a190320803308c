import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { builtEntry, freePort } from '../test/reliability/child-process';
import { OtlpCollector } from '../test/support/otlp-collector';
import { embeddedPostgresBinaryDir } from './infrastructure/database/postgres-access';

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

/** The messages of the JSON log lines of `output` (every line must be one), with their level and context. */
function logLines(output: string): { level: string; context?: string; msg: string }[] {
  return output
    .replace(ANSI, '')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      try {
        return JSON.parse(line) as { level: string; context?: string; msg: string };
      } catch {
        throw new Error(`not a JSON line (stdout is not a terminal, so every line must be one): ${line}`);
      }
    });
}

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
  // A trace collector: the run has tracing on, as OTEL_* turns it on in production.
  let collector: OtlpCollector;
  beforeAll(async () => {
    collector = await OtlpCollector.start();
  });
  afterAll(() => collector?.close());

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
        DATABASE_MIGRATION_URL: '',
        DATA_DIR: dataDir,
        EMBEDDED_PG_PORT: String(await freePort()),
        SEED_DEMO_DATA: 'true',
        PAYMENTS_SANDBOX_SETTLE_MS: '100',
        FRONTEND_DIST: '/nonexistent',
        ...collector.settings,
        // Every request traced: the deployment's default keeps one trace in ten.
        OTEL_TRACES_SAMPLER: 'parentbased_always_on',
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
    // The demo logins with this installation's own secrets (issue 35), made at its first start.
    const demo = JSON.parse(readFileSync(join(dataDir, 'demo-logins.json'), 'utf8')) as { password: string; totp: Record<string, string> };
    expect(output).toContain(`Demo logins (password ${demo.password}) at http://localhost:${port}/login:`);
    for (const secret of Object.values(demo.totp)) expect(output).toContain(secret);
    expect(output).not.toMatch(/Demo-pass-2026|ESCROWDEMO/);

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
    // Piped, every line of the stop is a JSON line too, one per step as it ends.
    const stopped = logLines(after);
    expect({ steps: stopped.filter((line) => line.context === 'Shutdown').map((line) => line.msg), context }).toEqual({ steps: STEPS, context });
    // PostgreSQL stopped cleanly and for good: no postmaster left, no pid file.
    expect(alive(postgres!)).toBe(false);
    expect(existsSync(join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
    // Tracing loaded before http, fastify and pg: their instrumentations saw the health checks,
    // and the seed's appends were traced (the last spans sent as the process stopped).
    const scopes = collector.namesByScope();
    expect(scopes.get('@opentelemetry/instrumentation-http')).toContain('GET /api/health');
    expect(scopes.get('@fastify/otel')).toEqual(expect.arrayContaining(['request', 'handler - CheckHealthController.health']));
    expect(scopes.get('@opentelemetry/instrumentation-pg')?.length).toBeGreaterThan(0);
    expect(scopes.get('escrow-ledger')).toEqual(expect.arrayContaining(['append milestone', 'decide ProposeMilestone']));
  }, 150_000);

  it('stops the PostgreSQL that runs on its data when someone restarted it by hand, and says so', async () => {
    const restartDir = mkdtempSync(join(tmpdir(), 'escrow-restarted-'));
    const pgPort = await freePort();
    const port = await freePort();
    const started = spawn(process.execPath, [builtEntry('main.js')], {
      detached: true,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: '',
        DATA_DIR: restartDir,
        EMBEDDED_PG_PORT: String(pgPort),
        FRONTEND_DIST: '/nonexistent',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    started.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    started.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    const exited = new Promise<number | null>((resolve) => started.once('exit', (code) => resolve(code)));
    let byHand: ChildProcess | null = null;
    try {
      for (const deadline = Date.now() + 60_000; !output.includes('Escrow Ledger is serving');) {
        if (started.exitCode !== null || Date.now() > deadline) throw new Error(`make start did not start:\n${output}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      // Someone stops our PostgreSQL and starts it again by hand on the same cluster and port.
      const ours = postmasterPid(restartDir)!;
      process.kill(ours, 'SIGINT');
      for (let i = 0; i < 100 && alive(ours); i++) await new Promise((r) => setTimeout(r, 100));
      const asPostgres =
        process.getuid?.() === 0
          ? { uid: Number(execFileSync('id', ['-u', 'postgres']).toString()), gid: Number(execFileSync('id', ['-g', 'postgres']).toString()) }
          : {};
      byHand = spawn(
        join(embeddedPostgresBinaryDir()!, 'native', 'bin', 'postgres'),
        ['-D', join(restartDir, 'pg'), '-p', String(pgPort), '-c', 'listen_addresses=127.0.0.1'],
        {
          ...asPostgres,
          detached: true,
          stdio: 'ignore',
        },
      );
      for (let i = 0; i < 100 && postmasterPid(restartDir) !== byHand.pid; i++) await new Promise((r) => setTimeout(r, 100));
      expect(postmasterPid(restartDir)).toBe(byHand.pid);

      const before = output.length;
      process.kill(-started.pid!, 'SIGINT');
      expect(await exited).toBe(0);
      const messages = logLines(output.slice(before)).map((line) => line.msg);
      expect(messages).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/had been restarted outside Escrow Ledger \(pid \d+\): stopping that server too/),
          'Stopping PostgreSQL… done',
        ]),
      );
      // The one running on our data is stopped, not left behind.
      expect(alive(byHand.pid!)).toBe(false);
      expect(postmasterPid(restartDir)).toBeNull();
    } finally {
      if (started.exitCode === null) process.kill(-started.pid!, 'SIGKILL');
      if (byHand?.pid && alive(byHand.pid)) process.kill(byHand.pid, 'SIGKILL');
      rmSync(restartDir, { recursive: true, force: true });
    }
  }, 120_000);
});
