// The API under test as the HTTP and profile parts start it, and the two command routes they
// drive: each approval or deposit on another milestone waiting for the demo buyer, each answer
// checked (a refusal or a wrong body is an error that fails the run).
import { spawn } from 'node:child_process';
import { join } from 'node:path';

import { freePort, repoRoot } from './harness.mjs';
import { BENCH_SECOND_FACTOR_KEY } from './ledger-generator.mjs';

/** Starts a node process and resolves once `ready()` says so; its output is kept for counting. */
export async function startProcess(name, args, env, ready, placement = null) {
  const { executable, args: argv } = placement ? placement.command(process.execPath, args) : { executable: process.execPath, args };
  const child = spawn(executable, argv, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const output = { text: '' };
  const keep = (chunk) => {
    output.text += chunk;
    if (output.text.length > 5_000_000) output.text = output.text.slice(-2_500_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolvePromise) => child.on('exit', (code) => resolvePromise(code)));
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}:\n${output.text.slice(-3000)}`);
    if (await ready(output.text).catch(() => false)) break;
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`${name} did not start within 180 s:\n${output.text.slice(-3000)}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    pid: child.pid,
    output,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}

/**
 * Starts backend/dist/main.js on the generated ledger at `url`; `env` adds settings (the profile
 * part's observability switches), `nodeArgs` options of node itself (`--cpu-prof`).
 */
export async function startApi({ url, placement = null, env = {}, nodeArgs = [] }) {
  const port = await freePort();
  const api = await startProcess(
    'API',
    [...nodeArgs, join(repoRoot, 'backend', 'dist', 'main.js')],
    {
      DATABASE_URL: url,
      PORT: String(port),
      HOST: '127.0.0.1',
      // ACH debits settle in days, not during a ten-second run: settlement traffic would be unreal.
      PAYMENTS_SANDBOX_SETTLE_MS: '3600000',
      // The generated ledger holds the demo users already, with secrets of its own (ledger-generator.mjs).
      SEED_DEMO_DATA: 'false',
      SECOND_FACTOR_SECRETS_KEY: BENCH_SECOND_FACTOR_KEY,
      ...env,
    },
    async () => (await fetch(`http://127.0.0.1:${port}/api/health`)).status === 200,
    placement,
  );
  return { ...api, base: `http://127.0.0.1:${port}` };
}

/** Takes the next unused item of a list; running out would make later requests fail, visibly. */
export function cursor(items) {
  let next = 0;
  return {
    take: () => items[next++ % items.length],
    get used() {
      return next;
    },
  };
}

/**
 * The approval and deposit routes for the buyer's session (`buyer`, bench/lib/api-session.mjs) on
 * the API at `base`; `cellSeconds`: how long a cell lasts, for the deposit's step-up.
 */
export function commandRoutes({ base, buyer, approvals, deposits, cellSeconds }) {
  return {
    approval: {
      key: 'approval',
      name: 'POST /api/milestone/approval (approve)',
      kind: 'command',
      request: {
        base,
        method: 'POST',
        headers: buyer.headers,
        path: () => '/api/milestone/approval',
        body: () => ({ milestone_id: approvals.take(), approve: true }),
        // Answered from the write side: the answer already shows the buyer's approval.
        verifyBody: (text) => JSON.parse(text).user_approval_status === 'approved',
      },
    },
    deposit: {
      key: 'deposit',
      name: 'POST /api/milestone/deposit',
      kind: 'command',
      // Money moves only on a session whose second factor was checked within the step-up
      // window: the buyer confirms a fresh code when the window would end during the cell.
      prepare: () => buyer.ensureSteppedUp(cellSeconds + 120),
      request: {
        base,
        method: 'POST',
        headers: buyer.headers,
        path: () => '/api/milestone/deposit',
        body: () => ({ milestone_id: deposits.take() }),
        // A deposit on its way, from the account the buyer linked (deposit-preconditions.mjs).
        verifyBody: (text) => {
          const answer = JSON.parse(text);
          return answer.payment_status === 'pending' && answer.bank_last4 === '6789';
        },
      },
    },
  };
}
