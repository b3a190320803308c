// What a figure needs beside it to be judged and repeated: the machine and how busy it was, the
// versions measured, the code (commit, and whether the tree had changes) and the exact command
// with the settings that repeat it. Every run prints it at its start and its load at the end.
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { relative, resolve } from 'node:path';

const repoRoot = resolve(import.meta.dirname, '..', '..');

/** Settings that change what a run measures: the bench's own and those the API it starts reads. */
const SETTINGS = /^(BENCH_|OTEL_|LOG_|METRICS|STEP_UP_|PAYMENTS_|RUN_|EVENT_STORE|REBUILD_|NODE_OPTIONS$|UV_THREADPOOL_SIZE$)/;

const quoted = (value) => (/^[\w./:,=@+-]*$/.test(value) ? value : `'${value.replaceAll("'", `'\\''`)}'`);

function git(...args) {
  try {
    return execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

/** The command line that repeats this run, from the repository's root. */
function repeatCommand(argv = process.argv) {
  const settings = Object.keys(process.env)
    .filter((name) => SETTINGS.test(name))
    .sort()
    .map((name) => `${name}=${quoted(process.env[name])}`);
  const script = relative(repoRoot, argv[1] ?? '') || argv[1];
  return [...settings, 'node', script, ...argv.slice(2).map(quoted)].join(' ');
}

/** The load average (1, 5, 15 minutes) as a person reads it, with the cores it is to be read against. */
export function loadNow() {
  const [one, five, fifteen] = os.loadavg();
  return `load average ${one.toFixed(2)}, ${five.toFixed(2)}, ${fifteen.toFixed(2)} (1, 5, 15 min) on ${os.availableParallelism()} cores`;
}

/** The code measured: commit, branch, and the files changed since it (a dirty tree is not that commit). */
function codeMeasured() {
  const commit = git('rev-parse', '--short=12', 'HEAD');
  if (!commit) return 'not a git checkout';
  const branch = git('rev-parse', '--abbrev-ref', 'HEAD');
  const changed = (git('status', '--porcelain', '--untracked-files=no') ?? '').split('\n').filter(Boolean);
  return `commit ${commit} (${branch}), ${changed.length === 0 ? 'clean tree' : `DIRTY tree: ${changed.length} changed file(s) not committed`}`;
}

/** The record printed at the start of every run; `postgres` is added once a database answered. */
function runRecord() {
  const cpus = os.cpus();
  return {
    started: new Date().toISOString(),
    load: loadNow(),
    machine: `${cpus.length} × ${cpus[0]?.model?.trim() ?? 'unknown CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB RAM, ${os.platform()} ${os.release()}`,
    node: process.version,
    postgres: null,
    code: codeMeasured(),
    command: repeatCommand(),
  };
}

export function printRunRecord(record) {
  console.log(
    [
      `run started ${record.started}`,
      `  machine:  ${record.machine}`,
      `  load:     ${record.load}`,
      `  Node:     ${record.node}`,
      ...(record.postgres ? [`  Postgres: ${record.postgres}`] : []),
      `  code:     ${record.code}`,
      `  repeat:   ${record.command}`,
    ].join('\n'),
  );
}

/** The record as a Markdown paragraph, for a section of docs/performance.md. */
export function recordParagraph(record) {
  return `Run of ${record.started.slice(0, 16).replace('T', ' ')} UTC on ${record.machine}; ${record.load} at the start, ${loadNow()} at the end; Node ${record.node}; ${record.postgres ?? 'PostgreSQL version not read'}; ${record.code}. Repeat with \`${record.command}\`.`;
}

/** This run's record (one process, one run). */
export const thisRun = runRecord();

/** Reads the server's version once, from the first database the run starts (`db`: a pg pool or a TypeORM data source). */
export async function notePostgres(db) {
  if (thisRun.postgres) return;
  const result = await db.query('SELECT version()');
  thisRun.postgres = (result.rows ?? result)[0].version;
  console.log(`  Postgres: ${thisRun.postgres}`);
}
