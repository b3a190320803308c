#!/usr/bin/env node
// `make bench`: every benchmark part, one after the other; each prints its table and writes its
// section of docs/performance.md. `node bench/run-all.mjs rebuild` runs one part;
// BENCH_EVENTS=100000 makes the generated ledger of the rebuild, HTTP and observability parts
// smaller. `observability` (issue 40, point 2) measures the API's CPU per command with tracing,
// metrics and logging on and off, as the part `profile` does in its second mode. `scale`
// (several API processes and a separate worker), `orm` (TypeORM against hand-written SQL),
// `appends-ab` (the append ratio in alternating short cells, for a busy machine) and `profile`
// (a command's CPU by layer, and observability on against off) run only when named.
import { runAppendsBenchmark } from './appends.mjs';
import { runInterleavedAppendsBenchmark } from './appends-interleaved.mjs';
import { runFrontendSizeBenchmark } from './frontend-size.mjs';
import { runLighthouseBenchmark } from './lighthouse.mjs';
import { runRebuildBenchmark } from './rebuild.mjs';
import { runHttpBenchmark } from './http.mjs';
import { runOrmBenchmark } from './orm.mjs';
import { observabilityMilestones, runObservabilityBenchmark, runProfileBenchmark } from './profile.mjs';
import { runScaleBenchmark } from './scale.mjs';
import { BenchFailure } from './lib/harness.mjs';
import { closeLedgerFixture, reserveWaiting } from './lib/ledger-fixture.mjs';
import { loadNow, printRunRecord, thisRun } from './lib/run-record.mjs';

const parts = {
  appends: runAppendsBenchmark,
  'appends-ab': runInterleavedAppendsBenchmark,
  rebuild: runRebuildBenchmark,
  http: runHttpBenchmark,
  observability: runObservabilityBenchmark,
  frontend: runFrontendSizeBenchmark,
  lighthouse: runLighthouseBenchmark,
  scale: runScaleBenchmark,
  orm: runOrmBenchmark,
  profile: runProfileBenchmark,
};
const byDefault = ['appends', 'rebuild', 'http', 'observability', 'frontend', 'lighthouse'];

const wanted = process.argv.slice(2).length ? process.argv.slice(2) : byDefault;
for (const name of wanted) {
  if (!parts[name]) {
    console.error(`unknown part ${name}; known: ${Object.keys(parts).join(', ')}`);
    process.exit(2);
  }
}
// The observability part takes its own waiting milestones from the ledger the first part generates.
if (wanted.includes('observability')) reserveWaiting(observabilityMilestones());
const started = Date.now();
printRunRecord(thisRun);
let failed = null;
try {
  for (const name of wanted) {
    console.log(`\n=== ${name} ===`);
    await parts[name]();
  }
} catch (error) {
  failed = error;
} finally {
  await closeLedgerFixture();
}
console.log(`\n${loadNow()} at the end; repeat with: ${thisRun.command}`);
if (failed) {
  console.error(
    `\nbenchmark FAILED after ${Math.round((Date.now() - started) / 1000)} s: ${failed instanceof BenchFailure ? failed.message : (failed?.stack ?? failed)}`,
  );
  process.exit(1);
}
console.log(`\nbenchmarks done in ${Math.round((Date.now() - started) / 1000)} s`);
process.exit(0);
