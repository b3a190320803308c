// HTTP under load on loopback: the built API (backend/dist/main.js, its own process) serving the
// generated ledger at fixed rates — approvals and deposits with read your writes, each request on
// another milestone, and the milestones of a project — against a bare fastify route doing one
// INSERT on the same database (the ceiling), in the same run. Every cell runs twice: with paced
// arrivals (an open-loop constant rate, lib/paced-load.mjs; the targets are judged on it) and with
// autocannon's rate option (which sends each second's quota in a burst).
import autocannon from 'autocannon';
import { errorKinds, pacedLoad, safely } from './lib/paced-load.mjs';
import pg from 'pg';
import { join } from 'node:path';
import { logIn } from './lib/api-session.mjs';
import { failOnErrors, freePort, machine, markdownTable, repoRoot, writeSection } from './lib/harness.mjs';
import { commandRoutes, startApi, startProcess } from './lib/command-routes.mjs';
import {
  HTTP_DRIVERS,
  HTTP_RAMP,
  HTTP_RAMP_ON,
  HTTP_RATES,
  HTTP_ROUTE_KEYS,
  HTTP_SECONDS,
  HTTP_WARMUP,
  depositsPrepared,
  rebuiltLedger,
  waitingCursors,
} from './lib/ledger-fixture.mjs';
import { cpuMeter, loadGeneratorPlacement, postmasterPid } from './lib/load-generator-cpu.mjs';

/**
 * Query p99 in ms; commands are judged against the ceiling of the same run (issue 29): at 250 req/s
 * paced p99 ≤ 3× the ceiling's, at 500 req/s paced ≥ 99% answered, saturation ≥ 25% of the ceiling's.
 */
const TARGETS = { query: 10, commandP99VsCeiling: 3, commandP99Rate: 250, answered: 0.99, answeredRate: 500, saturationVsCeiling: 0.25 };
/**
 * A short run (BENCH_HTTP_ROUTES, BENCH_HTTP_RAMP=0, see lib/ledger-fixture.mjs) prints its tables
 * and leaves docs/performance.md alone: only the full part writes its section.
 */
const ROUTE_KEYS = HTTP_ROUTE_KEYS;
const RAMP = HTTP_RAMP_ON;
const PARTIAL = ROUTE_KEYS !== null || !RAMP || ['BENCH_HTTP_RATES', 'BENCH_HTTP_DRIVERS', 'BENCH_HTTP_SECONDS'].some((name) => process.env[name]);
const BUYER = 'buyer@demo.escrowledger.test';
const SELLER = 'seller@demo.escrowledger.test';

/**
 * One autocannon run at a fixed overall rate. autocannon paces each connection per second, so
 * connections = rate / 10 keeps the bursts at the start of each second small while leaving
 * enough connections for a 100 ms answer not to cap the rate. Latencies are
 * corrected for coordinated omission (autocannon's default with a rate). Every answer is read
 * (onResponse): a refusal is counted by its kind, a 2xx body that `verifyBody` rejects is a
 * mismatch (autocannon's own verifyBody is a global option that also sees refusals).
 */
export function load({ base, rate, seconds, method, path, body, headers, verifyBody, connections = null }) {
  let n = 0;
  const kinds = errorKinds();
  let mismatches = 0;
  const onResponse = (status, text) => {
    if (status < 200 || status >= 300) kinds.answer(status, text);
    else if (verifyBody && !safely(verifyBody, text)) {
      mismatches++;
      kinds.add('mismatch', text);
    }
  };
  return new Promise((resolvePromise, reject) => {
    const instance = autocannon(
      {
        url: base,
        // A rate of null: a closed loop, each connection sending its next request on the answer.
        connections: connections ?? Math.max(4, Math.round(rate / 10)),
        ...(rate === null ? {} : { overallRate: rate }),
        duration: seconds,
        timeout: 10,
        requests: [
          {
            method,
            headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
            setupRequest: (request) => {
              const i = n++;
              return { ...request, path: path(i), ...(body ? { body: JSON.stringify(body(i)) } : {}) };
            },
            onResponse,
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolvePromise({ ...result, mismatches, errorKinds: kinds.list(), built: n })),
    );
    instance.on('reqError', (error) =>
      kinds.add(/timed out/.test(error?.message ?? '') ? 'time-out' : `socket ${error?.code ?? error?.name ?? 'error'}`, error?.message),
    );
    autocannon.track(instance, { renderProgressBar: false, renderResultsTable: false, renderLatencyTable: false });
  });
}

export const summary = (r) => ({
  rps: r.requests.total / r.duration,
  p50: r.latency.p50,
  p99: r.latency.p99,
  errors: r.non2xx + r.errors + r.mismatches,
  errorKinds: r.errorKinds,
  total: r.requests.total,
});

/**
 * Each cell starts on an API that has caught up: an overloaded cell leaves its projectors behind,
 * and the next cell would otherwise measure that backlog instead of its own route.
 */
export async function readModelsCaughtUp(pool) {
  for (const deadline = Date.now() + 120_000; Date.now() < deadline;) {
    const { rows } = await pool.query(
      `SELECT bool_and(c.commit_position IS NOT NULL AND (c.commit_position::text::xid8, c.prepare_position::bigint) >= (e.transaction_id, e.global_position)) AS ok
         FROM projection_checkpoints c,
              (SELECT transaction_id, global_position FROM events ORDER BY transaction_id DESC, global_position DESC LIMIT 1) e`,
    );
    if (rows[0]?.ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  console.warn('read models still behind after 120 s; measuring anyway');
}

/** The API's error lines (JSON from pino, or pretty in a terminal). */
function errorLines(text) {
  return text.split('\n').filter((line) => /"level":"(error|fatal)"|^\S+ (ERROR|FATAL) /.test(line));
}

export async function runHttpBenchmark() {
  const ledger = await rebuiltLedger();
  const url = ledger.database.url;
  const waiting = ledger.generated.waiting;
  const placement = loadGeneratorPlacement();

  const ceilingPort = await freePort();
  const ceiling = await startProcess(
    'ceiling server',
    [join(repoRoot, 'bench', 'lib', 'ceiling-server.mjs')],
    { DATABASE_URL: url, PORT: String(ceilingPort) },
    async (text) => text.includes(`listening ${ceilingPort}`),
    placement,
  );
  // BENCH_API_CPU_PROF=<dir>: the API writes a V8 CPU profile there when it stops (the whole run;
  // `node bench/run-all.mjs profile` profiles one route at saturation, layer by layer).
  const api = await startApi({
    url,
    placement,
    nodeArgs: process.env.BENCH_API_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_API_CPU_PROF}`] : [],
  });
  const base = api.base;
  const results = [];
  const ramps = [];
  const saturation = { ceiling: 0, command: 0 };
  const saturated = { ceiling: false, command: false };
  let apiErrorLines = [];
  let releaseGeneratorCore = () => undefined;
  try {
    const secrets = ledger.generated.people.demoSecrets;
    const buyer = await logIn(base, BUYER, secrets);
    const session = buyer.headers;
    if (ROUTE_KEYS === null || ROUTE_KEYS.includes('deposit')) {
      await depositsPrepared(ledger, { buyer, seller: await logIn(base, SELLER, secrets) });
    }
    const { approvals, deposits } = waitingCursors(ledger);
    const commands = commandRoutes({ base, buyer, approvals, deposits, cellSeconds: HTTP_SECONDS });
    const jobs = waiting.jobs;
    const routes = [
      {
        key: 'ceiling',
        name: 'ceiling: bare fastify POST, one INSERT',
        kind: 'ceiling',
        request: { base: `http://127.0.0.1:${ceilingPort}`, method: 'POST', path: () => '/insert', body: (i) => ({ milestone_id: i, approve: true }) },
      },
      commands.approval,
      commands.deposit,
      {
        key: 'get',
        name: 'GET /api/job/{id}/milestones',
        kind: 'query',
        request: { base, method: 'GET', headers: session, path: (i) => `/api/job/${jobs[(i * 7919) % jobs.length]}/milestones` },
      },
    ].filter((route) => ROUTE_KEYS === null || ROUTE_KEYS.includes(route.key));
    if (routes.length === 0) throw new Error(`BENCH_HTTP_ROUTES names no route (ceiling, approval, deposit, get): ${process.env.BENCH_HTTP_ROUTES}`);
    const checkpoints = new pg.Pool({ connectionString: url, max: 1 });
    const postmaster = await postmasterPid(checkpoints);
    placement.confine(postmaster);
    releaseGeneratorCore = placement.apply();
    // CPU per request, paced cells only: the server of the route (the ceiling or the API with its
    // projectors and workers) and PostgreSQL, from before the cell until its projectors caught up.
    const meters = { ceiling: cpuMeter(ceiling.pid, postmaster), api: cpuMeter(api.pid, postmaster) };
    console.log(`load generator: ${placement.description}`);

    const drive = async (driver, request, rate, seconds) =>
      driver === 'paced' ? pacedLoad({ ...request, rate, seconds }) : summary(await load({ ...request, rate, seconds }));
    for (const route of routes) {
      await route.prepare?.();
      await drive('paced', route.request, HTTP_WARMUP.rate, HTTP_WARMUP.seconds);
    }
    for (const driver of HTTP_DRIVERS) {
      for (const rate of HTTP_RATES) {
        for (const route of routes) {
          await readModelsCaughtUp(checkpoints);
          await route.prepare?.();
          const meter = route.kind === 'ceiling' ? meters.ceiling : meters.api;
          const before = meter();
          const r = await drive(driver, route.request, rate, HTTP_SECONDS);
          let cpu = null;
          if (driver === 'paced' && r.total > 0) {
            await readModelsCaughtUp(checkpoints);
            const after = meter();
            cpu = { server: ((after.server - before.server) * 1000) / r.total, postgres: ((after.postgres - before.postgres) * 1000) / r.total };
          }
          results.push({ route: route.name, kind: route.kind, driver, rate, ...r, cpu });
          console.log(
            `${driver.padEnd(10)} ${route.name.padEnd(42)} ${String(rate).padStart(3)} req/s: ${r.rps.toFixed(0)} req/s done, p50 ${r.p50} ms, p99 ${r.p99} ms, errors ${r.errors}${r.stale ? `, ${r.stale} stale answers` : ''}${cpu ? `, CPU ${cpu.server.toFixed(2)} ms server + ${cpu.postgres.toFixed(2)} ms PostgreSQL per request` : ''}`,
          );
          for (const k of r.errorKinds ?? []) console.log(`           ${k.count} × ${k.kind}: ${k.message}`);
        }
      }
    }
    // Saturation: raise the paced rate until the answered rate stops rising (or falls well behind
    // the offered one), for approvals and for the ceiling, in the same run.
    for (const route of routes.filter((r) => RAMP && (r.kind === 'ceiling' || r.key === 'approval'))) {
      let best = 0;
      const steps = route.kind === 'ceiling' ? HTTP_RAMP.ceilingMaxSteps : HTTP_RAMP.maxSteps;
      for (let step = 0, rate = HTTP_RAMP.start; step < steps; step++, rate = Math.round(rate * HTTP_RAMP.factor)) {
        await readModelsCaughtUp(checkpoints);
        const r = await pacedLoad({ ...route.request, rate, seconds: HTTP_RAMP.seconds });
        ramps.push({ route: route.name, kind: route.kind, rate, ...r });
        console.log(
          `ramp       ${route.name.padEnd(42)} ${String(rate).padStart(4)} req/s offered: ${r.rps.toFixed(0)} answered, p99 ${r.p99} ms, errors ${r.errors}`,
        );
        const rising = r.rps > best * 1.03;
        best = Math.max(best, r.rps);
        if (!rising || r.rps < rate * 0.9) {
          saturated[route.kind] = true;
          break;
        }
      }
      saturation[route.kind] = best;
    }
    await checkpoints.end();
    if (approvals.used > waiting.approve.length || deposits.used > waiting.deposit.length) {
      console.log('warning: the generated ledger had too few waiting milestones; later requests reused some (and failed)');
    }
    apiErrorLines = errorLines(api.output.text);
  } finally {
    releaseGeneratorCore();
    await api.stop();
    await ceiling.stop();
  }

  const tableOf = (driver) => {
    const rows = results
      .filter((r) => r.driver === driver)
      .map((r) => {
        const ceilingRow = results.find((c) => c.kind === 'ceiling' && c.rate === r.rate && c.driver === driver);
        const vsCeiling = ceilingRow ? r.p99 / ceilingRow.p99 : NaN;
        let verdict = '';
        if (driver === 'paced' && r.kind === 'query' && r.rate === 100)
          verdict = `; target p99 ≤ ${TARGETS.query} ms ${r.p99 <= TARGETS.query ? 'met' : 'missed'}`;
        if (driver === 'paced' && r.kind === 'query' && r.rate === 500) verdict = `; keeps up: ${r.rps >= r.rate * TARGETS.answered ? 'yes' : 'no'}`;
        if (driver === 'paced' && r.kind === 'command' && r.rate === TARGETS.commandP99Rate)
          verdict = `; target p99 ≤ ${TARGETS.commandP99VsCeiling}× ceiling: ${vsCeiling <= TARGETS.commandP99VsCeiling ? 'met' : 'missed'}`;
        if (driver === 'paced' && r.kind === 'command' && r.rate === TARGETS.answeredRate) {
          const answered = r.rps / r.rate;
          verdict = `; ${(answered * 100).toFixed(1)}% answered at the offered rate, target ≥ 99%: ${answered >= TARGETS.answered ? 'met' : 'missed'}`;
        }
        return [
          r.route,
          String(r.rate),
          r.rps.toFixed(0),
          String(r.p50),
          String(r.p99),
          String(r.errors),
          r.kind === 'ceiling' ? '' : `${Number.isNaN(vsCeiling) ? 'no ceiling cell' : `p99 ${vsCeiling.toFixed(1)}× ceiling`}${verdict}`,
          ...(driver === 'paced' ? [r.cpu ? `${r.cpu.server.toFixed(2)} + ${r.cpu.postgres.toFixed(2)}` : ''] : []),
        ];
      });
    const cpuColumn = driver === 'paced' ? ['CPU ms/request: server + PostgreSQL'] : [];
    return markdownTable(['route', 'rate req/s', 'done req/s', 'p50 ms', 'p99 ms', 'errors', 'ratio', ...cpuColumn], rows);
  };
  const paced = tableOf('paced');
  const bursts = tableOf('autocannon');
  const rampTable = markdownTable(
    ['route', 'offered req/s', 'answered req/s', 'p50 ms', 'p99 ms', 'errors'],
    ramps.map((r) => [r.route, String(r.rate), r.rps.toFixed(0), String(r.p50), String(r.p99), String(r.errors)]),
  );
  const saturationRatio = saturation.ceiling ? saturation.command / saturation.ceiling : 0;
  const saturationVerdict = `saturation of approvals ${saturation.command.toFixed(0)} req/s = ${(saturationRatio * 100).toFixed(0)}% of the ceiling's ${saturation.ceiling.toFixed(0)} req/s (target ≥ ${TARGETS.saturationVsCeiling * 100}%: ${saturationRatio >= TARGETS.saturationVsCeiling ? 'met' : 'missed'})${saturated.ceiling ? '' : '; the ceiling never stopped rising, so this ratio is an upper bound'}${saturated.command ? '' : '; approvals never stopped rising, so this ratio is a lower bound'}`;
  console.log(`\npaced arrivals\n${paced}\n\nautocannon (per-second bursts)\n${bursts}\n\nsaturation ramp\n${rampTable}\n\n${saturationVerdict}`);
  if (apiErrorLines.length > 0) {
    console.log(`\nthe API logged ${apiErrorLines.length} error line(s); the last ones:\n${apiErrorLines.slice(-20).join('\n')}`);
  }
  // A cell with any error measured something else than its route: the run fails, and says why.
  failOnErrors([
    ...results.map((r) => ({ cell: `${r.driver} ${r.route} at ${r.rate} req/s`, ...r })),
    ...ramps.map((r) => ({ cell: `ramp ${r.route} at ${r.rate} req/s`, ...r })),
  ]);
  if (PARTIAL) {
    console.log('\na partial run (BENCH_HTTP_*): docs/performance.md left as it was');
    return results;
  }
  writeSection(
    'http',
    `## HTTP under load

Command: \`make bench\` (part \`http\`; \`node bench/run-all.mjs http\`). The built API (\`backend/dist/main.js\`, its
own process, projection runner and payments dispatcher inside as in production) on loopback, serving the ledger of
the rebuild part (${ledger.generated.events} events, read models rebuilt), the demo buyer logged in (session cookie
and \`X-XSRF-TOKEN\`), ${HTTP_SECONDS} s per cell. Each approval or deposit targets another milestone waiting for the
buyer and answers from the state its decider produced, with the position it appended (both bodies are checked:
a wrong one counts as an error); deposits run as a real buyer's would: on projects whose agreement, as it reads now,
both parties signed through the API, from the deposit account the buyer linked, on a session stepped up with a fresh
authenticator code whenever the step-up window would end during a cell. The GET spreads over the buyer's
${ledger.generated.waiting.jobs.length} projects. Errors = non-2xx + socket errors + time-outs + wrong bodies; any error
fails the run (so nothing is written here), and the run prints each cell's error kinds.
The ceiling is a bare fastify POST doing one INSERT on the same database, in its own process. ACH debits are left
unsettled during the run (\`PAYMENTS_SANDBOX_SETTLE_MS\` = 1 h), as real ones take days. Each cell starts once every projector has caught up with the events of the cells before it.
Measured ${new Date().toISOString().slice(0, 10)} on ${machine()}; ${placement.description}.

**Paced arrivals** (\`bench/lib/paced-load.mjs\`, undici, up to 64 connections): request *i* is sent at *i* / rate,
whatever happened to the earlier ones, and its latency counts from that moment, so waiting in the client's queue is
charged too (no coordinated omission). This is what "at 100 and 500 requests/s" means, and what the targets are
judged on. The last column is the CPU time (user + system, from \`/proc\`) per request of the route's server process
(the API with its projectors and workers, or the ceiling) and of PostgreSQL (every backend), from the start of the
cell until the projectors caught up with it: on the servers' cores, 1,000 ms over their sum bounds the rate.

${paced}

**autocannon** with \`overallRate\` (connections = rate / 10): each connection sends back to back until its quota
for the second is used up, then waits for the next second, so every second starts with a burst of up to rate / 10
concurrent requests. Its figures measure queueing behind those bursts (latencies corrected for coordinated
omission); they are kept for comparison with the anchor figures.

${bursts}

**Saturation** (paced, ${HTTP_RAMP.seconds} s per step, from ${HTTP_RAMP.start} req/s up by ×${HTTP_RAMP.factor} until the answered
rate stops rising or falls below 90% of the offered one; read models caught up before each step):

${rampTable}

- ${saturationVerdict}

Targets (issue 29): at ${TARGETS.answeredRate} req/s paced, commands answered at ≥ 99% of the offered rate; at ${TARGETS.commandP99Rate} req/s paced, their p99 ≤
${TARGETS.commandP99VsCeiling}× the ceiling's p99 in the same run; the saturation rate of approvals ≥ ${TARGETS.saturationVsCeiling * 100}% of the ceiling's; the query's p99 ≤ ${TARGETS.query} ms at
100 req/s and keeping up at 500 req/s.`,
  );
  return results;
}
