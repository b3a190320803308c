// Scaling out (issue 16.6): one and two API processes with RUN_PROJECTIONS=false and one
// projection worker on the generated ledger's PostgreSQL, as docker-compose.yml runs them,
// driven closed-loop (each connection sends its next request when the answer came) with
// approvals — a command whose answer waits until the worker has applied it (read your writes) —
// and with the project query. Then the worker alone: the whole ledger replayed through the live
// path (what a worker does after a restart far behind, not the bulk rebuild) from an empty read
// side. Not part of `make bench`: `node bench/run-all.mjs scale` (BENCH_EVENTS sets the ledger).
import autocannon from 'autocannon';
import pg from 'pg';
import os from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { machine, markdownTable, repoRoot, freePort, writeSection } from './lib/harness.mjs';
import { BENCH_EVENTS, rebuiltLedger } from './lib/ledger-fixture.mjs';
import { startProcess } from './lib/command-routes.mjs';
import { logIn } from './lib/api-session.mjs';
import { BENCH_SECOND_FACTOR_KEY } from './lib/ledger-generator.mjs';

const SECONDS = Number(process.env.BENCH_SCALE_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_SCALE_CONNECTIONS ?? 16);
const BUYER = 'buyer@demo.escrowledger.test';

function closedLoop({ base, connections, seconds, method, path, headers, body }) {
  return new Promise((resolvePromise, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections,
        duration: seconds,
        timeout: 20,
        requests: [
          {
            method,
            headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
            setupRequest: (request) => ({ ...request, path: path(), ...(body ? { body: JSON.stringify(body()) } : {}) }),
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolvePromise(result)),
    );
    autocannon.track(instance, { renderProgressBar: false, renderResultsTable: false, renderLatencyTable: false });
  });
}

async function eventCount(pool) {
  return (await pool.query('SELECT count(*)::int AS n FROM events')).rows[0].n;
}

async function caughtUp(pool) {
  const { rows } = await pool.query(
    `SELECT bool_and(c.commit_position IS NOT NULL AND (c.commit_position::text::xid8, c.prepare_position::bigint) >= (e.transaction_id, e.global_position)) AS ok
       FROM projection_checkpoints c, (SELECT transaction_id, global_position FROM events ORDER BY transaction_id DESC, global_position DESC LIMIT 1) e`,
  );
  return rows[0]?.ok === true;
}

async function waitCaughtUp(pool, timeoutMs = 600_000) {
  const started = Date.now();
  while (!(await caughtUp(pool))) {
    if (Date.now() - started > timeoutMs) throw new Error('the worker did not catch up');
    await new Promise((r) => setTimeout(r, 100));
  }
  return (Date.now() - started) / 1000;
}

async function startApis(url, count) {
  return Promise.all(
    Array.from({ length: count }, async () => {
      const port = await freePort();
      const process_ = await startProcess(
        `API on ${port}`,
        [join(repoRoot, 'backend', 'dist', 'main.js')],
        {
          DATABASE_URL: url,
          SECOND_FACTOR_SECRETS_KEY: BENCH_SECOND_FACTOR_KEY,
          PORT: String(port),
          HOST: '127.0.0.1',
          RUN_PROJECTIONS: 'false',
          PAYMENTS_SANDBOX_SETTLE_MS: '3600000',
          // The generated ledger holds the demo users already, with secrets of its own (ledger-generator.mjs).
          SEED_DEMO_DATA: 'false',
          READ_YOUR_WRITES_TIMEOUT_MS: '5000',
        },
        async () => (await fetch(`http://127.0.0.1:${port}/api/health`)).status === 200,
      );
      return { base: `http://127.0.0.1:${port}`, process: process_ };
    }),
  );
}

const startWorker = (url) =>
  startProcess('projection worker', [join(repoRoot, 'backend', 'dist', 'projections-cli.js'), 'run'], { DATABASE_URL: url }, async (text) =>
    text.includes('projection worker running'),
  );

async function copyToEmptyDatabase(url) {
  const admin = new pg.Client({ connectionString: url.replace(/\/[^/]+$/, '/postgres') });
  await admin.connect();
  const name = 'bench_copy_target';
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  const targetUrl = url.replace(/\/[^/]+$/, `/${name}`);
  const started = Date.now();
  try {
    const args = [
      join(repoRoot, 'backend', 'dist', 'projections-cli.js'),
      'copy-events',
      '--from',
      'postgres',
      '--to',
      'postgres',
      '--from-url',
      url,
      '--to-url',
      targetUrl,
      '--state',
      join(os.tmpdir(), `bench-copy-${process.pid}.json`),
    ];
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const code = await new Promise((resolvePromise) => child.on('exit', resolvePromise));
    const seconds = (Date.now() - started) / 1000;
    if (code !== 0) throw new Error(`copy-events exited with ${code}:\n${output.slice(-2000)}`);
    const verified = /(verified: .*)/.exec(output)?.[1] ?? output.slice(-300);
    const events = Number(/copied (\d+) events/.exec(output)?.[1] ?? NaN);
    return { seconds, events, verified };
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

export async function runScaleBenchmark() {
  const loadBefore = os.loadavg()[0];
  const ledger = await rebuiltLedger();
  const url = ledger.database.url;
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const approvals = [...ledger.generated.waiting.approve];
  const jobs = ledger.generated.waiting.jobs;
  const rows = [];
  try {
    for (const apiCount of [1, 2]) {
      const worker = await startWorker(url);
      const apis = await startApis(url, apiCount);
      try {
        const session = (await logIn(apis[0].base, BUYER, ledger.generated.people.demoSecrets)).headers;
        for (const kind of ['command', 'query']) {
          await waitCaughtUp(pool);
          const eventsBefore = await eventCount(pool);
          const rywBefore = apis.reduce((n, a) => n + (a.process.output.text.match(/did not catch up/g) ?? []).length, 0);
          const results = await Promise.all(
            apis.map((api) =>
              closedLoop({
                base: api.base,
                connections: Math.round(CONNECTIONS / apiCount),
                seconds: SECONDS,
                headers: session,
                ...(kind === 'command'
                  ? { method: 'POST', path: () => '/api/milestone/approval', body: () => ({ milestone_id: approvals.shift(), approve: true }) }
                  : { method: 'GET', path: () => `/api/job/${jobs[Math.floor(Math.random() * jobs.length)]}/milestones` }),
              }),
            ),
          );
          const catchUp = await waitCaughtUp(pool);
          const appended = (await eventCount(pool)) - eventsBefore;
          const ok = results.reduce((n, r) => n + r['2xx'], 0);
          const failed = results.reduce((n, r) => n + r.non2xx + r.errors + r.timeouts, 0);
          const seconds = Math.max(...results.map((r) => r.duration));
          const rywTimeouts = apis.reduce((n, a) => n + (a.process.output.text.match(/did not catch up/g) ?? []).length, 0) - rywBefore;
          const row = {
            apiCount,
            kind,
            perSecond: ok / seconds,
            perProcess: ok / seconds / apiCount,
            eventsPerSecond: appended / seconds,
            p50: Math.max(...results.map((r) => r.latency.p50)),
            p99: Math.max(...results.map((r) => r.latency.p99)),
            failed,
            rywTimeouts,
            catchUp,
          };
          rows.push(row);
          console.log(
            `${apiCount} API process(es), ${kind}: ${row.perSecond.toFixed(0)}/s (${row.perProcess.toFixed(0)}/s per process), ${row.eventsPerSecond.toFixed(0)} events/s appended, p50 ${row.p50} ms, p99 ${row.p99} ms, ${failed} failed, ${rywTimeouts} read-your-writes time-outs, worker caught up ${catchUp.toFixed(1)} s after`,
          );
        }
      } finally {
        await Promise.all(apis.map((a) => a.process.stop()));
        await worker.stop();
      }
      if (approvals.length < 100) throw new Error('the generated ledger ran out of waiting approvals: raise BENCH_EVENTS');
    }

    // The worker alone: a copy of the ledger with an empty read side, replayed through the live path.
    const admin = new pg.Client({ connectionString: url.replace(/\/[^/]+$/, '/postgres') });
    await admin.connect();
    const replayName = 'bench_replay';
    await pool.end();
    await admin.query(`DROP DATABASE IF EXISTS ${replayName}`);
    await admin.query(`CREATE DATABASE ${replayName} TEMPLATE ${new URL(url).pathname.slice(1)}`);
    const replayUrl = url.replace(/\/[^/]+$/, `/${replayName}`);
    const replay = new pg.Pool({ connectionString: replayUrl, max: 2 });
    const { createProjectors } = await import(join(repoRoot, 'projections', 'dist', 'index.js'));
    const tables = createProjectors().flatMap((p) => [...p.tables]);
    await replay.query(`TRUNCATE ${tables.join(', ')}`);
    await replay.query('DELETE FROM projection_checkpoints; DELETE FROM projection_dead_letters; DELETE FROM projection_rebuilds');
    const total = await eventCount(replay);
    const started = Date.now();
    const worker = await startWorker(replayUrl);
    let seconds;
    try {
      await waitCaughtUp(replay);
      seconds = (Date.now() - started) / 1000;
    } finally {
      await worker.stop();
      await replay.end();
      await admin.query(`DROP DATABASE IF EXISTS ${replayName} WITH (FORCE)`);
      await admin.end();
    }
    const replayRow = { total, seconds, eventsPerSecond: total / seconds, projectors: createProjectors().length };
    console.log(
      `worker replay of ${total} events from an empty read side: ${seconds.toFixed(1)} s, ${replayRow.eventsPerSecond.toFixed(0)} events/s (${replayRow.projectors} projectors)`,
    );

    // Moving the ledger: copy-events into an empty database on the same server, then its verification.
    const copy = await copyToEmptyDatabase(url);
    console.log(
      `copy-events of ${copy.events} events PostgreSQL → PostgreSQL: ${copy.seconds.toFixed(1)} s in all (${(copy.events / copy.seconds).toFixed(0)} events/s including the verification of both sides)`,
    );

    const date = new Date().toISOString().slice(0, 10);
    const load = `load average ${loadBefore.toFixed(1)} at the start, ${os.loadavg()[0].toFixed(1)} at the end (other work on the machine shows here: every process, PostgreSQL and the load generator share its cores)`;
    writeSection(
      'scale',
      `## Scaling out: API processes and the projection worker

\`BENCH_EVENTS=${BENCH_EVENTS} node bench/run-all.mjs scale\`, ${date}, ${machine()}; ${load}; embedded PostgreSQL 18 with durable defaults on the same machine as every process and the load generator. Closed loop: ${CONNECTIONS} connections in all, ${SECONDS} s per cell; API processes with \`RUN_PROJECTIONS=false\` and one projection worker.

${markdownTable(
  [
    'API processes',
    'load',
    'answered / s',
    'per process / s',
    'events appended / s',
    'p50 ms',
    'p99 ms',
    'failed',
    'read-your-writes time-outs',
    'worker caught up after',
  ],
  rows.map((r) => [
    r.apiCount,
    r.kind === 'command' ? 'approve (command)' : 'GET /api/job/{id}/milestones',
    r.perSecond.toFixed(0),
    r.perProcess.toFixed(0),
    r.eventsPerSecond.toFixed(0),
    r.p50,
    r.p99,
    r.failed,
    r.rywTimeouts,
    `${r.catchUp.toFixed(1)} s`,
  ]),
)}

The worker alone, replaying all ${total} events through the live path from an empty read side (${replayRow.projectors} projectors, batches of 500 per projector): ${seconds.toFixed(1)} s, **${replayRow.eventsPerSecond.toFixed(0)} events/s**.

\`copy-events --from postgres --to postgres\` of the same ${copy.events} events into an empty database on the same server, as an operator runs it (\`backend/dist/projections-cli.js\`, pages of 1000): ${copy.seconds.toFixed(1)} s including the verification that reads both sides, ${(copy.events / copy.seconds).toFixed(0)} events/s; \`${copy.verified}\`.`,
    );
  } finally {
    await pool.end().catch(() => undefined);
  }
}
