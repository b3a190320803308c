import { execFileSync } from 'node:child_process';

export interface E2eEnvironment {
  port: number;
  pgPort: number;
  baseUrl: string;
}

/**
 * How many Playwright workers run at once, each against a server and database of its own (its
 * journeys run in order there, as on one server): E2E_WORKERS, else 2.
 */
export const e2eWorkers = (): number => Math.max(1, Number(process.env.E2E_WORKERS ?? 2) || 1);

/**
 * Free loopback ports for every worker's server and PostgreSQL, found once per run (in the
 * runner) and handed to the workers through the environment.
 */
function ports(): { http: number[]; pg: number[] } {
  if (!process.env.E2E_PORTS || !process.env.E2E_PG_PORTS) {
    const count = e2eWorkers() * 2;
    const script = `const n=require('net');const f=()=>new Promise(r=>{const s=n.createServer();s.listen(0,'127.0.0.1',()=>{const p=s.address().port;s.close(()=>r(p))})});Promise.all(Array.from({length:${count}},f)).then(p=>console.log(p.join(' ')))`;
    const found = execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim().split(' ');
    process.env.E2E_PORTS = found.slice(0, count / 2).join(',');
    process.env.E2E_PG_PORTS = found.slice(count / 2).join(',');
  }
  return { http: process.env.E2E_PORTS.split(',').map(Number), pg: process.env.E2E_PG_PORTS.split(',').map(Number) };
}

/** The server of one worker slot: by default the slot of the worker this runs in (TEST_PARALLEL_INDEX; 0 in the runner). */
export function e2eEnvironment(slot = Number(process.env.TEST_PARALLEL_INDEX ?? 0)): E2eEnvironment {
  const { http, pg } = ports();
  const port = http[slot]!;
  return { port, pgPort: pg[slot]!, baseUrl: `http://127.0.0.1:${port}` };
}

/**
 * The data folder of one worker slot's server (global-setup.ts makes one per slot and hands them
 * to the workers through the environment): its demo secrets are there (demo-secrets.ts).
 */
export function e2eDataDir(slot = Number(process.env.TEST_PARALLEL_INDEX ?? 0)): string {
  const dir = process.env.E2E_DATA_DIRS?.split(',')[slot];
  if (!dir) throw new Error(`no data folder known for worker slot ${slot}: the servers are started by e2e/support/global-setup.ts`);
  return dir;
}
