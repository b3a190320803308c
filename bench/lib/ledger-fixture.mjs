// One generated ledger per `make bench` run: the rebuild part generates it and rebuilds its read
// models; the HTTP part then serves from the same database. Run alone, each part makes its own.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { cursor } from './command-routes.mjs';
import { prepareDeposits } from './deposit-preconditions.mjs';
import { generateLedger } from './ledger-generator.mjs';
import { repoRoot, startDatabase } from './harness.mjs';

export const BENCH_EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000_000);
if (!Number.isInteger(BENCH_EVENTS) || BENCH_EVENTS < 1000) throw new Error(`BENCH_EVENTS must be a whole number ≥ 1000, got ${process.env.BENCH_EVENTS}`);

const listOf = (name, fallback) => (process.env[name] ? process.env[name].split(',').map((s) => s.trim()) : fallback);

/**
 * Milestones the HTTP part approves and funds, one per request: enough for its rates and durations.
 * A short run names a subset: BENCH_HTTP_RATES=250,500 BENCH_HTTP_SECONDS=5 (see bench/http.mjs).
 */
export const HTTP_RATES = listOf('BENCH_HTTP_RATES', ['100', '250', '500']).map(Number);
export const HTTP_SECONDS = Number(process.env.BENCH_HTTP_SECONDS ?? 10);
export const HTTP_WARMUP = { seconds: 2, rate: 100 };
/** Each cell runs twice: paced arrivals, then autocannon (see bench/http.mjs); BENCH_HTTP_DRIVERS=paced runs one. */
export const HTTP_DRIVERS = listOf('BENCH_HTTP_DRIVERS', ['paced', 'autocannon']);
/**
 * The saturation ramp: paced steps from `start` req/s, each `factor` times the last, until the
 * answered rate stops rising. Approvals need a waiting milestone per request, so their ramp ends
 * at `maxSteps` (~1,500 req/s); the ceiling needs none and climbs further (`ceilingMaxSteps`,
 * ~5,700 req/s), since a ceiling that never saturated would overstate the ratio.
 */
export const HTTP_RAMP = { start: 200, factor: 1.25, seconds: 5, maxSteps: 10, ceilingMaxSteps: 16 };
/**
 * A short run measures a subset: BENCH_HTTP_ROUTES=ceiling,approval (of ceiling, approval, deposit,
 * get), BENCH_HTTP_RAMP=0 leaves out the saturation ramp; the ledger then holds waiting
 * milestones only for what runs.
 */
export const HTTP_ROUTE_KEYS = process.env.BENCH_HTTP_ROUTES ? process.env.BENCH_HTTP_ROUTES.split(',').map((s) => s.trim()) : null;
export const HTTP_RAMP_ON = process.env.BENCH_HTTP_RAMP !== '0';
const runs = (route) => HTTP_ROUTE_KEYS === null || HTTP_ROUTE_KEYS.includes(route);
const RAMP_REQUESTS = Array.from({ length: HTTP_RAMP.maxSteps }, (_, i) => HTTP_RAMP.start * HTTP_RAMP.factor ** i * HTTP_RAMP.seconds).reduce(
  (a, b) => a + b,
  0,
);
const WAITING_PER_ROUTE =
  Math.ceil((HTTP_RATES.reduce((a, b) => a + b, 0) * HTTP_SECONDS * HTTP_DRIVERS.length + HTTP_WARMUP.seconds * HTTP_WARMUP.rate) * 1.1) + 100;
/** Approvals also feed the ramp (and the scale part, which names no route). */
const WAITING_APPROVALS = runs('approval') ? WAITING_PER_ROUTE + (HTTP_RAMP_ON ? Math.ceil(RAMP_REQUESTS * 1.05) : 0) : 100;
const WAITING_DEPOSITS = runs('deposit') ? WAITING_PER_ROUTE : 0;

/** Milestones the later parts of a run (the observability part) use beyond the HTTP part's: see reserveWaiting. */
const reserved = { approve: 0, deposit: 0 };

/**
 * Adds a later part's milestones to those the shared ledger leaves waiting; run-all.mjs calls it
 * for each part it will run, before the first one generates the ledger.
 */
export function reserveWaiting({ approve = 0, deposit = 0 }) {
  if (fixture) throw new Error('reserveWaiting after the ledger was generated: its waiting milestones are already fixed');
  reserved.approve += approve;
  reserved.deposit += deposit;
}

let fixture = null;

/** `waiting`: milestones to leave waiting for the buyer (the HTTP part's and those reserved, by default; the first caller decides). */
export function ledgerFixture(waiting = { approve: WAITING_APPROVALS + reserved.approve, deposit: WAITING_DEPOSITS + reserved.deposit }) {
  fixture ??= (async () => {
    const database = await startDatabase('bench_ledger');
    try {
      console.log(`generating ${BENCH_EVENTS} events of realistic projects…`);
      const generated = await generateLedger({
        url: database.url,
        events: BENCH_EVENTS,
        waiting,
        log: (line) => console.log(`  ${line}`),
      });
      console.log(
        `  ${generated.events} events: ${generated.projects} projects, ${generated.milestones} milestones, ${generated.commands} commands, in ${generated.seconds.toFixed(0)} s`,
      );
      return { database, generated, rebuilt: false };
    } catch (error) {
      await database.stop();
      throw error;
    }
  })();
  return fixture;
}

/**
 * The ledger's waiting milestones, handed out once across the parts of a run: a milestone the
 * HTTP part approved is no longer waiting when the observability part starts.
 */
export function waitingCursors(ledger) {
  ledger.cursors ??= { approvals: cursor(ledger.generated.waiting.approve), deposits: cursor(ledger.generated.waiting.deposit) };
  return ledger.cursors;
}

/**
 * Signs the waiting projects' agreements and links the buyer's deposit account once per ledger
 * (bench/lib/deposit-preconditions.mjs): a second part of the same run finds them done.
 */
export async function depositsPrepared(ledger, sessions) {
  ledger.depositsPrepared ??= prepareDeposits({ ...sessions, projects: ledger.generated.waiting.depositJobs, log: (line) => console.log(line) });
  await ledger.depositsPrepared;
}

export async function closeLedgerFixture() {
  if (!fixture) return;
  const { database } = await fixture.catch(() => ({ database: null }));
  fixture = null;
  await database?.stop();
}

/**
 * `npm run projections -- rebuild --all` exactly as an operator runs it (backend/dist/projections-cli.js),
 * with a preload that reports the process's peak RSS when it exits.
 */
export function runRebuildCli(url, { echo = true } = {}) {
  return new Promise((resolvePromise, reject) => {
    const started = Date.now();
    const child = spawn(
      process.execPath,
      ['-r', join(repoRoot, 'bench', 'lib', 'report-peak-rss.cjs'), join(repoRoot, 'backend', 'dist', 'projections-cli.js'), 'rebuild', '--all'],
      {
        env: { ...process.env, DATABASE_URL: url },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      if (echo) process.stdout.write(String(chunk).replace(/^(?=.)/gm, '  '));
    });
    child.stderr.on('data', (chunk) => (err += chunk));
    child.on('error', reject);
    child.on('exit', (code) => {
      const seconds = (Date.now() - started) / 1000;
      if (code !== 0) return reject(new Error(`projections rebuild --all exited with ${code}: ${err.trim()}`));
      const projectors = [...out.matchAll(/^(\S+): rebuilt from (\d+) events \((\d+) applied\) in ([\d.]+) s$/gm)].map((m) => ({
        name: m[1],
        events: Number(m[2]),
        applied: Number(m[3]),
        seconds: Number(m[4]),
      }));
      const rss = /@@peak-rss-kb (\d+)/.exec(err);
      const phases = /^phases: (.*)$/m.exec(out)?.[1] ?? null;
      resolvePromise({ seconds, projectors, peakRssMb: rss ? Number(rss[1]) / 1024 : null, phases, output: out });
    });
  });
}

/** The fixture with its read models rebuilt (the HTTP part needs them). */
export async function rebuiltLedger(waiting) {
  const ledger = await ledgerFixture(waiting);
  if (!ledger.rebuilt) {
    console.log('rebuilding the read models of the generated ledger…');
    await runRebuildCli(ledger.database.url, { echo: false });
    ledger.rebuilt = true;
  }
  return ledger;
}
