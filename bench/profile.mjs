// Part `profile` (issue 40, point 2): what a command costs, layer by layer, and what
// observability costs it. Not part of the default `make bench`: `node bench/run-all.mjs profile`.
//
// 1. Layers: the API runs under `node --cpu-prof` with tracing (exported over OTLP to a sink that
//    drops the spans), metrics and logging on, as in production; each route (approvals, deposits)
//    is driven at saturation (a closed loop of BENCH_PROFILE_CONNECTIONS connections) for
//    BENCH_PROFILE_SECONDS; the profile's samples of that window, until the projectors caught up,
//    are split by layer (bench/profile-layers.mjs).
// 2. Observability on and off: the API restarted with all three on, then all three off
//    (RECORD_METRICS=false, LOG_LEVEL=warn, no OTEL exporter), BENCH_OBSERVABILITY_PAIRS times in
//    turn; each route paced at BENCH_OBSERVABILITY_RATE req/s for BENCH_PROFILE_SECONDS; CPU per
//    request (user + system from /proc) of the API process and of PostgreSQL, and the API's
//    split by thread: its main thread (what a CPU profile sees) and the others (V8's concurrent
//    garbage collection, libuv's pool). Target: on costs ≤ 10% more of the API's CPU per
//    command than off. BENCH_OBSERVABILITY_PARTS (e.g. `tracing`)
//    turns on only the parts it names in the "on" arm: what each one costs.
//    BENCH_OBSERVABILITY_PROFILED=1 runs both arms under `node --cpu-prof` too, and prints each
//    route's layers on and off, per request, side by side: where the difference goes.
// 3. Statements (BENCH_PROFILE_MODES=statements, not in the default modes): PostgreSQL with
//    pg_stat_statements; each route paced at BENCH_STATEMENTS_RATE req/s (250) for
//    BENCH_PROFILE_SECONDS with observability on as in production; every statement the API and
//    its projectors sent from the start of the cell until the projectors caught up, per request:
//    calls and executor time, beside PostgreSQL's whole CPU per request from /proc.
//
// Any refused request fails the run, as in the HTTP part.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import pg from 'pg';

import { load, readModelsCaughtUp, summary } from './http.mjs';
import { logIn } from './lib/api-session.mjs';
import { commandRoutes, startApi } from './lib/command-routes.mjs';
import { failOnErrors, markdownTable, median, writeSection } from './lib/harness.mjs';
import { depositsPrepared, rebuiltLedger, waitingCursors } from './lib/ledger-fixture.mjs';
import { cpuMeter, loadGeneratorPlacement, postmasterPid, threadMsPerRequest } from './lib/load-generator-cpu.mjs';
import { pacedLoad } from './lib/paced-load.mjs';
import { layersOf, layerTable, msPerRequest } from './profile-layers.mjs';

const ROUTES = (process.env.BENCH_PROFILE_ROUTES ?? 'approval,deposit').split(',').map((s) => s.trim());
const SECONDS = Number(process.env.BENCH_PROFILE_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_PROFILE_CONNECTIONS ?? 16);
/** The most a closed loop is expected to answer a second: the milestones it may use up. */
const MAX_RATE = Number(process.env.BENCH_PROFILE_MAX_RATE ?? 800);
const RATE = Number(process.env.BENCH_OBSERVABILITY_RATE ?? 100);
const WARMUP_SECONDS = 4;
const PAIRS = Number(process.env.BENCH_OBSERVABILITY_PAIRS ?? 2);
/**
 * The share of traces the "on" arm keeps (OTEL_TRACES_SAMPLER=parentbased_traceidratio with this
 * ratio); unset, every request is traced (parentbased_always_on; the API's own default is one in ten).
 */
const SAMPLE = process.env.BENCH_OBSERVABILITY_SAMPLE;
const MODES = (process.env.BENCH_PROFILE_MODES ?? 'layers,observability').split(',').map((s) => s.trim());
const STATEMENTS_RATE = Number(process.env.BENCH_STATEMENTS_RATE ?? 250);
/** Both arms of the on-and-off measure under the CPU profiler, their layers compared. */
const PROFILED = Boolean(process.env.BENCH_OBSERVABILITY_PROFILED);
// Read by the harness when the ledger's database starts (below, in runProfileBenchmark).
if (MODES.includes('statements')) process.env.BENCH_PG_STATEMENTS = '1';
const BUYER = 'buyer@demo.escrowledger.test';
const SELLER = 'seller@demo.escrowledger.test';

/** An OTLP/HTTP receiver that takes every batch of spans and drops it: the export's cost stays in the API. */
async function spanSink() {
  let batches = 0;
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      batches++;
      response.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
    });
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${server.address().port}`, batches: () => batches, close: () => new Promise((r) => server.close(r)) };
}

/**
 * Which of the three switches the "on" arm turns on (`BENCH_OBSERVABILITY_PARTS`, default all:
 * tracing,metrics,logging); naming one measures what that one costs against all off.
 */
const PARTS = new Set((process.env.BENCH_OBSERVABILITY_PARTS ?? 'tracing,metrics,logging').split(',').map((s) => s.trim()));

/** The three switches, on as PARTS names them (as production runs, traces sampled at BENCH_OBSERVABILITY_SAMPLE when set) or all off. */
function observability(on, sink, sample = undefined) {
  const sampler = sample
    ? { OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: sample }
    : { OTEL_TRACES_SAMPLER: 'parentbased_always_on' };
  const off = { OTEL_TRACES_EXPORTER: 'none', OTEL_EXPORTER_OTLP_ENDPOINT: '', RECORD_METRICS: 'false', LOG_LEVEL: 'warn' };
  if (!on) return off;
  return {
    ...off,
    ...(PARTS.has('tracing') ? { OTEL_TRACES_EXPORTER: 'otlp', OTEL_EXPORTER_OTLP_ENDPOINT: sink.url, OTEL_SERVICE_NAME: 'escrow-api-bench', ...sampler } : {}),
    ...(PARTS.has('metrics') ? { RECORD_METRICS: 'true' } : {}),
    ...(PARTS.has('logging') ? { LOG_LEVEL: 'info' } : {}),
  };
}

/** The CPU profile the API wrote in `dir` at its stop; the folder is removed unless BENCH_PROFILE_KEEP is set. */
function readProfile(dir, windows = '') {
  const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error(`the API wrote no CPU profile in ${dir}`);
  const profile = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  if (process.env.BENCH_PROFILE_KEEP) console.log(`the profile: ${join(dir, file)}${windows ? ` (${windows})` : ''}`);
  else rmSync(dir, { recursive: true, force: true });
  return profile;
}

/** The median of the pairs' on − off CPU, main thread and the other threads apart, for the table. */
function threadDifferences(rows) {
  const split = (r) => {
    const main = r.threads['main thread'] ?? 0;
    // The profiler's own thread runs in both arms alike only when both are profiled: left out.
    const others = Object.entries(r.threads)
      .filter(([name]) => name !== 'main thread' && !name.startsWith('v8:Prof'))
      .reduce((sum, [, ms]) => sum + ms, 0);
    return { main, others };
  };
  const on = rows.filter((r) => r.on).map(split);
  const off = rows.filter((r) => !r.on).map(split);
  const main = median(on.map((x, i) => x.main - off[i].main));
  const others = median(on.map((x, i) => x.others - off[i].others));
  return `${main.toFixed(2)} ms; ${others.toFixed(2)} ms`;
}

/** A cell's window as bench/profile-layers.mjs takes it on its command line. */
const windowArgs = (w) => `--from ${w.from} --to ${w.to} --requests ${w.requests}`;

/** A window's busy samples per layer, in ms per request. */
function layersPerRequest(result, requests) {
  if (result.busy === 0) throw new Error("no samples of the API's profile fall in a paced cell's window: clocks differ?");
  const ms = new Map([...result.counts].map(([layer, n]) => [layer, msPerRequest(result, n, requests)]));
  ms.set('all (busy samples)', msPerRequest(result, result.busy, requests));
  return ms;
}

/**
 * Per route, each layer's ms per request with observability on and off (median of the pairs) and
 * the difference, largest first: where the on arm's extra CPU goes, including what no
 * OpenTelemetry frame shows (garbage collection, the driver, the pipeline).
 */
function layersOnAndOff(rows) {
  const sections = [];
  for (const route of [...new Set(rows.map((r) => r.route))]) {
    const arm = (on) => rows.filter((r) => r.route === route && r.on === on && r.layers);
    const layers = [...new Set([...arm(true), ...arm(false)].flatMap((r) => [...r.layers.keys()]))];
    const figures = layers.map((layer) => {
      const on = median(arm(true).map((r) => r.layers.get(layer) ?? 0));
      const off = median(arm(false).map((r) => r.layers.get(layer) ?? 0));
      return { layer, on, off, difference: on - off };
    });
    const total = figures.find((f) => f.layer === 'all (busy samples)');
    const rest = figures.filter((f) => f !== total).sort((a, b) => b.difference - a.difference);
    const table = markdownTable(
      ['layer', 'on, ms per request', 'off', 'on − off'],
      [...rest, total].map((f) => [f.layer, f.on.toFixed(3), f.off.toFixed(3), f.difference.toFixed(3)]),
    );
    const title = `${route}: layers with observability on and off, ${RATE} req/s paced, under the profiler (median of ${arm(true).length} pair(s))`;
    console.log(`\n${title}\n${table}`);
    sections.push({ title, table });
  }
  return sections;
}

/** The waiting milestones a run of these modes uses per route (each request takes one). */
function milestonesPerRoute({ modes, pairs }) {
  return (
    (modes.includes('layers') ? MAX_RATE * SECONDS + 50 * WARMUP_SECONDS : 0) +
    (modes.includes('observability') ? (RATE * SECONDS + RATE * 2) * 2 * pairs : 0) +
    (modes.includes('statements') ? STATEMENTS_RATE * SECONDS + 50 * WARMUP_SECONDS : 0) +
    200
  );
}

/** Milestones waiting per route for the routes this run drives; `unused` for an approval route left out. */
const waitingFor = (perRoute, unused = 0) => ({ approve: ROUTES.includes('approval') ? perRoute : unused, deposit: ROUTES.includes('deposit') ? perRoute : 0 });

/**
 * `modes`, `sample` and `pairs` default to the BENCH_PROFILE_MODES, BENCH_OBSERVABILITY_SAMPLE and
 * BENCH_OBSERVABILITY_PAIRS settings; the default part `observability` passes its own.
 */
export async function runProfileBenchmark({ modes = MODES, sample = SAMPLE, pairs = PAIRS } = {}) {
  const ledger = await rebuiltLedger(waitingFor(milestonesPerRoute({ modes, pairs }), 100));
  const { url } = ledger.database;
  const secrets = ledger.generated.people.demoSecrets;
  const placement = loadGeneratorPlacement();
  const { approvals, deposits } = waitingCursors(ledger);
  const sink = await spanSink();
  const checkpoints = new pg.Pool({ connectionString: url, max: 1 });
  const postmaster = await postmasterPid(checkpoints);
  placement.confine(postmaster);
  const cells = [];
  const sections = [];

  /** An API with its buyer's session, the deposits' preconditions done once per ledger. */
  const withApi = async (options, work) => {
    const api = await startApi({ url, placement, ...options });
    try {
      const buyer = await logIn(api.base, BUYER, secrets);
      if (ROUTES.includes('deposit')) await depositsPrepared(ledger, { buyer, seller: await logIn(api.base, SELLER, secrets) });
      const routes = commandRoutes({ base: api.base, buyer, approvals, deposits, cellSeconds: SECONDS });
      return await work(
        api,
        ROUTES.map((key) => routes[key]),
      );
    } finally {
      await api.stop();
    }
  };

  let releaseGeneratorCore = () => undefined;
  try {
    // Pinned: the servers are started on their own core(s) by taskset whenever they start. At
    // nice 10 every API started later would inherit the generator's priority: left as it is.
    if (placement.mode === 'pinned') releaseGeneratorCore = placement.apply();
    console.log(`load generator: ${placement.mode === 'nice' ? 'on the same cores (nice is not applied by this part)' : placement.description}`);
    if (modes.includes('layers')) {
      const dir = mkdtempSync(join(tmpdir(), 'escrow-profile-'));
      const windows = [];
      await withApi({ env: observability(true, sink, sample), nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${dir}`] }, async (_api, routes) => {
        for (const route of routes) {
          await route.prepare?.();
          // A cold process (its first requests compile and load what they use) is not a command's cost.
          await pacedLoad({ ...route.request, rate: 50, seconds: WARMUP_SECONDS }).then((w) => cells.push({ cell: `warm-up ${route.name}`, ...w }));
          await readModelsCaughtUp(checkpoints);
          const from = Number(process.hrtime.bigint() / 1000n);
          const r = summary(await load({ ...route.request, rate: null, connections: CONNECTIONS, seconds: SECONDS }));
          await readModelsCaughtUp(checkpoints);
          const to = Number(process.hrtime.bigint() / 1000n);
          cells.push({ cell: `saturation ${route.name}`, ...r });
          windows.push({ route, from, to, requests: r.total, rps: r.rps });
          console.log(`saturation ${route.name}: ${r.rps.toFixed(0)} req/s answered by ${CONNECTIONS} connections, errors ${r.errors}`);
        }
      });
      const profile = readProfile(dir, `windows: ${windows.map((w) => `${w.route.key} ${windowArgs(w)}`).join('; ')}`);
      for (const w of windows) {
        const result = layersOf(profile, { from: w.from, to: w.to });
        // The profile's clock is the monotonic clock this process reads: a window outside it would be an empty table.
        if (result.busy === 0) throw new Error(`no samples of the API's profile fall in the window of ${w.route.name}: clocks differ?`);
        const table = layerTable(result, w.requests);
        const idle = (100 * result.idle) / (result.idle + result.busy);
        console.log(`\n${w.route.name} at saturation (${w.rps.toFixed(0)} req/s, the API's main thread idle ${idle.toFixed(0)}% of the window):\n${table}`);
        sections.push({ title: `${w.route.name}, ${w.rps.toFixed(0)} req/s at saturation, main thread idle ${idle.toFixed(0)}%`, table });
      }
    }
    if (modes.includes('observability')) {
      const rows = [];
      for (let pair = 0; pair < pairs; pair++) {
        // On first in even pairs, off first in odd ones: neither arm always gets the first
        // milestones of the list, nor always follows the other's restart.
        for (const on of pair % 2 === 0 ? [true, false] : [false, true]) {
          const dir = PROFILED ? mkdtempSync(join(tmpdir(), 'escrow-profile-')) : null;
          const windows = [];
          await withApi({ env: observability(on, sink, sample), nodeArgs: dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : [] }, async (api, routes) => {
            const meter = cpuMeter(api.pid, postmaster);
            for (const route of routes) {
              await route.prepare?.();
              await pacedLoad({ ...route.request, rate: RATE, seconds: 2 }).then((w) => cells.push({ cell: `warm-up ${route.name}`, ...w }));
              await readModelsCaughtUp(checkpoints);
              const before = meter();
              const from = Number(process.hrtime.bigint() / 1000n);
              const r = await pacedLoad({ ...route.request, rate: RATE, seconds: SECONDS });
              await readModelsCaughtUp(checkpoints);
              const to = Number(process.hrtime.bigint() / 1000n);
              const after = meter();
              const cpu = { server: ((after.server - before.server) * 1000) / r.total, postgres: ((after.postgres - before.postgres) * 1000) / r.total };
              const threads = threadMsPerRequest(before, after, r.total);
              cells.push({ cell: `observability ${on ? 'on' : 'off'} ${route.name}`, ...r });
              const row = { route: route.name, on, pair, cpu, threads, p99: r.p99 };
              rows.push(row);
              windows.push({ row, from, to, requests: r.total });
              console.log(
                `observability ${on ? 'on ' : 'off'} ${route.name} at ${RATE} req/s: CPU ${cpu.server.toFixed(2)} ms API + ${cpu.postgres.toFixed(2)} ms PostgreSQL per request, p99 ${r.p99} ms, errors ${r.errors}` +
                  `\n  the API's threads, ms per request: ${Object.entries(threads)
                    .filter(([, ms]) => ms >= 0.005)
                    .sort((a, b) => b[1] - a[1])
                    .map(([name, ms]) => `${name} ${ms.toFixed(2)}`)
                    .join(', ')}`,
              );
            }
          });
          if (dir) {
            const profile = readProfile(dir, `observability ${on ? 'on' : 'off'}, windows: ${windows.map(windowArgs).join('; ')}`);
            for (const w of windows) w.row.layers = layersPerRequest(layersOf(profile, { from: w.from, to: w.to }), w.requests);
          }
        }
      }
      if (PROFILED) for (const section of layersOnAndOff(rows)) sections.push(section);
      const shares = [];
      const table = markdownTable(
        [
          'route',
          'API CPU ms/request, on (each pair)',
          'off (each pair)',
          'on − off, median of pairs',
          'share of the API’s CPU (target ≤ 10%)',
          'API + PostgreSQL, on − off (each pair)',
          'on − off, median: main thread; other threads',
        ],
        ROUTES.map((key) => {
          const name = rows.find((r) => r.route.includes(key === 'approval' ? 'approval' : 'deposit'))?.route ?? key;
          const ofRoute = rows.filter((r) => r.route === name);
          const on = ofRoute.filter((r) => r.on).map((r) => r.cpu.server);
          const off = ofRoute.filter((r) => !r.on).map((r) => r.cpu.server);
          const differences = on.map((x, i) => x - off[i]);
          const share = on.map((x, i) => (x - off[i]) / x);
          // A slower API batches more per projector transaction: some of the cost moves between the two.
          const total = (r) => r.cpu.server + r.cpu.postgres;
          const onTotal = ofRoute.filter((r) => r.on).map(total);
          const offTotal = ofRoute.filter((r) => !r.on).map(total);
          shares.push({ route: name, share: median(share), difference: median(differences), on: median(on) });
          return [
            name,
            on.map((x) => x.toFixed(2)).join(', '),
            off.map((x) => x.toFixed(2)).join(', '),
            `${median(differences).toFixed(2)} ms`,
            `${(100 * median(share)).toFixed(0)}% (pairs: ${share.map((x) => `${(100 * x).toFixed(0)}%`).join(', ')})`,
            onTotal.map((x, i) => `${(x - offTotal[i]).toFixed(2)} ms of ${x.toFixed(2)}`).join(', '),
            // The profiler samples the main thread only; V8's concurrent GC and libuv's pool are the rest.
            threadDifferences(ofRoute),
          ];
        }),
      );
      console.log(
        `\nobservability on${PARTS.size < 3 ? ` (${[...PARTS].join(', ')} only)` : ''}${sample ? ` (traces sampled at ${sample})` : ''} against off, ${RATE} req/s paced, ${SECONDS} s a cell, ${pairs} pair(s) (spans exported: ${sink.batches()} batches)\n${table}`,
      );
      sections.push({
        title: `observability on${PARTS.size < 3 ? ` (${[...PARTS].join(', ')} only)` : ''}${sample ? ` (traces sampled at ${sample})` : ''} against off`,
        table,
        shares,
      });
    }
    if (modes.includes('statements')) {
      await checkpoints.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
      await withApi({ env: observability(true, sink, sample ?? '0.1') }, async (api, routes) => {
        const meter = cpuMeter(api.pid, postmaster);
        for (const route of routes) {
          await route.prepare?.();
          await pacedLoad({ ...route.request, rate: 50, seconds: WARMUP_SECONDS }).then((w) => cells.push({ cell: `warm-up ${route.name}`, ...w }));
          await readModelsCaughtUp(checkpoints);
          await checkpoints.query('SELECT pg_stat_statements_reset()');
          const before = meter();
          const r = await pacedLoad({ ...route.request, rate: STATEMENTS_RATE, seconds: SECONDS });
          await readModelsCaughtUp(checkpoints);
          const after = meter();
          cells.push({ cell: `statements ${route.name}`, ...r });
          const { rows } = await checkpoints.query(
            `SELECT calls::float8 AS calls, total_exec_time AS ms, rows::float8 AS rows, regexp_replace(query, '\\s+', ' ', 'g') AS query
               FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
              ORDER BY total_exec_time DESC`,
          );
          // The readers of this bench (checkpoints, pg_stat_statements itself) are not the API's.
          const ours = rows.filter((row) => !/pg_stat_statements|projection_checkpoints c\b|FROM pg_database/.test(row.query));
          const perRequest = (x) => (x / r.total).toFixed(3);
          const total = ours.reduce((a, row) => ({ calls: a.calls + row.calls, ms: a.ms + row.ms }), { calls: 0, ms: 0 });
          const table = markdownTable(
            ['statement', 'calls per request', 'executor ms per request', 'rows per call'],
            [
              ...ours.slice(0, 25).map((row) => [row.query.slice(0, 110), perRequest(row.calls), perRequest(row.ms), (row.rows / row.calls).toFixed(1)]),
              ['all statements', perRequest(total.calls), perRequest(total.ms), ''],
            ],
          );
          const postgresCpu = ((after.postgres - before.postgres) * 1000) / r.total;
          const title = `statements of ${route.name} at ${STATEMENTS_RATE} req/s paced (${r.rps.toFixed(0)} answered a second, p99 ${r.p99} ms): PostgreSQL CPU ${postgresCpu.toFixed(2)} ms per request, of which in the executor ${perRequest(total.ms)} ms`;
          console.log(`\n${title}\n${table}`);
          sections.push({ title, table });
        }
      });
    }
  } finally {
    releaseGeneratorCore();
    await checkpoints.end();
    await sink.close();
  }
  failOnErrors(cells);
  return sections;
}

/** Pairs of the default part: enough for a median, few enough for `make bench` (about 35 s a pair and route). */
const DEFAULT_PAIRS = 4;
const OBSERVABILITY_TARGET = 0.1;
const defaultPartPairs = () => Number(process.env.BENCH_OBSERVABILITY_PAIRS ?? DEFAULT_PAIRS);

/** What the default part uses of the shared ledger, reserved before it is generated (run-all.mjs). */
export function observabilityMilestones() {
  return waitingFor(milestonesPerRoute({ modes: ['observability'], pairs: defaultPartPairs() }));
}

/**
 * Part `observability` of `make bench` (issue 40, point 2): the on-and-off measure above as
 * production runs (one trace in ten kept unless BENCH_OBSERVABILITY_SAMPLE says otherwise), on the
 * shared ledger after the HTTP part, written to docs/performance.md with its verdict.
 */
export async function runObservabilityBenchmark() {
  const pairs = defaultPartPairs();
  const sample = SAMPLE ?? '0.1';
  const [section] = await runProfileBenchmark({ modes: ['observability'], sample, pairs });
  const verdicts = section.shares.map(
    ({ route, share, difference, on }) =>
      `- ${route}: observability costs ${(100 * share).toFixed(0)}% of the API's CPU per request (${difference.toFixed(2)} ms of ${on.toFixed(2)}, median of ${pairs} pairs): ` +
      (share <= OBSERVABILITY_TARGET ? 'within the target of 10%.' : 'above the target of 10%.'),
  );
  console.log(`\n${verdicts.join('\n')}`);
  writeSection(
    'observability',
    `## Observability on and off (issue 40, point 2)

Command: \`make bench\` (part \`observability\`; \`node bench/run-all.mjs observability\`), on the ledger of the HTTP part
after it. The built API restarted ${2 * pairs} times, in turn with tracing (one trace in ${Math.round(1 / Number(sample))} kept, exported
over OTLP to a sink in the bench that drops the spans), metrics and the line per request on, and with all three off
(\`OTEL_TRACES_EXPORTER=none\`, \`RECORD_METRICS=false\`, \`LOG_LEVEL=warn\`); on first in even pairs, off first in odd
ones. In each, approvals and then deposits paced at ${RATE} req/s for ${SECONDS} s after a warm-up of 2 s, each
request on another waiting milestone; the CPU of the API process (user and system from \`/proc\`, its projectors
included) and of PostgreSQL from the start of the cell until the read models caught up, per request. The cost is
on − off as a share of on, per pair; the verdict takes the median of the pairs. Single pairs spread widely (tens of
points: the difference sought is a few tenths of a millisecond of about 3 to 4), so a median of few pairs can land
on either side of the line; \`BENCH_OBSERVABILITY_PAIRS\` sets more. Any refused request fails the run.

${section.table}

${verdicts.join('\n')}`,
  );
}
