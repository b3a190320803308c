import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { join, resolve } from 'node:path';

export const REPO_ROOT = resolve(__dirname, '..', '..', '..');
const BACKEND_DIST = join(REPO_ROOT, 'backend', 'dist');

/** The reliability suite runs the built program, as production does: `npm run build` first. */
export function builtEntry(name: 'main.js' | 'projections-cli.js' | 'admin-cli.js'): string {
  const file = join(BACKEND_DIST, name);
  if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` before the reliability suite`);
  return file;
}

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolvePort(port));
    });
  });
}

/**
 * A child Node process of ours: its output is kept (the tail is shown when something fails) and
 * `ready` resolves when a line matches the pattern given at spawn.
 */
export class ChildRun {
  readonly output: string[] = [];
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private readonly child: ChildProcess;

  constructor(file: string, args: string[], env: Record<string, string>, readyPattern: RegExp | null) {
    this.child = spawn(process.execPath, [file, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let resolveReady: () => void = () => undefined;
    let rejectReady: (error: Error) => void = () => undefined;
    this.ready = new Promise<void>((ok, fail) => {
      resolveReady = ok;
      rejectReady = fail;
    });
    this.ready.catch(() => undefined);
    const onData = (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (!line) continue;
        if (readyPattern?.test(line)) resolveReady();
        // Nest's start-up inventory says nothing about a failure: keep the rest.
        if (/RouterExplorer|RoutesResolver|InstanceLoader/.test(line)) continue;
        this.output.push(line);
        // Whole, so a failed run can write every process's log (a few MB at most in these tests).
        if (this.output.length > 200_000) this.output.shift();
      }
    };
    this.child.stdout!.on('data', onData);
    this.child.stderr!.on('data', onData);
    if (!readyPattern) resolveReady();
    this.exited = new Promise((done) => {
      this.child.on('exit', (code, signal) => {
        rejectReady(new Error(`${file} exited (${signal ?? code}) before it was ready:\n${this.tail()}`));
        done({ code, signal });
      });
    });
  }

  readonly ready: Promise<void>;

  get pid(): number {
    return this.child.pid!;
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** SIGKILL: no handler runs, no cleanup, no goodbye to PostgreSQL. */
  async kill(): Promise<void> {
    if (this.running) this.child.kill('SIGKILL');
    await this.exited;
  }

  /** SIGTERM and wait; SIGKILL if it does not stop in time. */
  async stop(timeoutMs = 15_000): Promise<void> {
    if (!this.running) return;
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), timeoutMs);
    await this.exited;
    clearTimeout(timer);
  }

  /** The last lines, without the pool's one-line notices of each terminated idle connection. */
  tail(lines = 40): string {
    return this.output
      .filter((line) => !/idle connection error/.test(line))
      .slice(-lines)
      .join('\n');
  }
}
