// Shared pieces of the benchmarks: a fresh durable embedded PostgreSQL, timing, report tables.
import { createRequire } from 'node:module';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import { join, resolve } from 'node:path';

import { notePostgres, recordParagraph, thisRun } from './run-record.mjs';

export const repoRoot = resolve(import.meta.dirname, '..', '..');
const requireBuilt = createRequire(join(repoRoot, 'backend', 'package.json'));

export function built(path) {
  const full = join(repoRoot, path);
  if (!existsSync(full)) throw new Error(`${path} is missing: run \`npm run build\` first (make bench does)`);
  return requireBuilt(full);
}

export function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

// Stopping the benchmark database ends connections that third-party pools (Emmett's) still hold
// idle; their 'terminating connection' errors at that moment are expected, not failures.
process.on('uncaughtException', (error) => {
  if (error?.code === '57P01') return;
  console.error(error);
  process.exit(1);
});

/**
 * A fresh embedded PostgreSQL with durable defaults (fsync on), migrated like production.
 * BENCH_PG_STATEMENTS=1 loads pg_stat_statements (the profile's `statements` mode sets it): it
 * costs PostgreSQL a little per statement, so the other parts run without it.
 */
export async function startDatabase(name = 'bench') {
  const { startEmbeddedPostgres } = built('backend/dist/infrastructure/database/embedded-postgres.js');
  const { createDataSource } = built('backend/dist/infrastructure/database/database.js');
  const { allEntities, allMigrations } = built('backend/dist/schema.js');
  const dataDir = mkdtempSync(join(os.tmpdir(), `escrow-${name}-`));
  const settings = process.env.BENCH_PG_STATEMENTS === '1' ? { shared_preload_libraries: 'pg_stat_statements' } : {};
  const pg = await startEmbeddedPostgres({ dataDir, port: await freePort(), database: name, settings });
  const dataSource = createDataSource(pg.url, allEntities, allMigrations);
  await dataSource.initialize();
  await notePostgres(dataSource);
  await dataSource.runMigrations({ transaction: 'each' });
  await dataSource.destroy();
  return {
    url: pg.url,
    async stop() {
      await pg.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/**
 * Runs `operation(writerIndex)` from `writers` concurrent loops for `seconds` after a warm-up, and
 * returns throughput and latency percentiles (ms).
 */
export async function measure({ writers, seconds, warmupSeconds = 1, operation }) {
  const latencies = [];
  let count = 0;
  let measuring = false;
  const warmupEnd = Date.now() + warmupSeconds * 1000;
  const end = warmupEnd + seconds * 1000;
  let startedAt = 0;
  const loop = async (writer) => {
    while (Date.now() < end) {
      const t0 = process.hrtime.bigint();
      await operation(writer);
      const ms = Number(process.hrtime.bigint() - t0) / 1e6;
      if (!measuring && Date.now() >= warmupEnd) {
        measuring = true;
        startedAt = Date.now();
      }
      if (measuring) {
        latencies.push(ms);
        count++;
      }
    }
  };
  await Promise.all(Array.from({ length: writers }, (_, i) => loop(i)));
  const elapsed = (Date.now() - startedAt) / 1000;
  latencies.sort((a, b) => a - b);
  return { perSecond: count / elapsed, p50: percentile(latencies, 50), p99: percentile(latencies, 99), count };
}

export function machine() {
  const cpu = os.cpus();
  return `${cpu.length} cores (${cpu[0]?.model?.trim() ?? 'unknown CPU'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB RAM, Node ${process.version}, ${os.platform()} ${os.release()}`;
}

/** The middle value; of an even count, the mean of the two middle ones (never the lower one alone). */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function markdownTable(header, rows) {
  const line = (cells) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

/**
 * Replaces the text between `<!-- name:start -->` and `<!-- name:end -->` in docs/performance.md,
 * with the run's record (machine, load, versions, commit, the command that repeats it) at its end.
 */
export function writeSection(name, body) {
  body = `${body.trim()}\n\n${recordParagraph(thisRun)}`;
  const file = join(repoRoot, 'docs', 'performance.md');
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  let text = existsSync(file) ? readFileSync(file, 'utf8') : '# Performance\n';
  const block = `${start}\n${body.trim()}\n${end}`;
  if (text.includes(start) && text.includes(end)) {
    text = text.slice(0, text.indexOf(start)) + block + text.slice(text.indexOf(end) + end.length);
  } else {
    text = `${text.trimEnd()}\n\n${block}\n`;
  }
  writeFileSync(file, text);
}

/** A run whose figures cannot be trusted: printed by run-all.mjs, which then exits non-zero. */
export class BenchFailure extends Error {}

/**
 * Fails the run when any cell had an error (a refusal, a socket error, a time-out, a body that
 * was not the answer expected): a rate of refusals is no measure of the route (issue 40). Prints
 * each failing cell's error kinds with their counts and first message first.
 */
export function failOnErrors(cells) {
  const failing = cells.filter((c) => c.errors > 0);
  if (failing.length === 0) return;
  console.log('\nerrors by cell (each kind: count, status and reason, first message):');
  for (const c of failing) {
    console.log(`  ${c.cell}: ${c.errors} of ${c.total} requests`);
    for (const k of c.errorKinds ?? []) console.log(`    ${k.count} × ${k.kind}: ${k.message}`);
  }
  throw new BenchFailure(`${failing.length} cell(s) had errors: their figures measure refusals, not the route (see above)`);
}
