#!/usr/bin/env node
// `make bench`: every benchmark part, one after the other; each prints its table and writes its
// section of docs/performance.md. `node bench/run-all.mjs appends` runs one part.
import { runAppendsBenchmark } from './appends.mjs';
import { runFrontendSizeBenchmark } from './frontend-size.mjs';

const parts = {
  appends: runAppendsBenchmark,
  frontend: runFrontendSizeBenchmark,
};

const wanted = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(parts);
for (const name of wanted) {
  if (!parts[name]) {
    console.error(`unknown part ${name}; known: ${Object.keys(parts).join(', ')}`);
    process.exit(2);
  }
  console.log(`\n=== ${name} ===`);
  await parts[name]();
}
process.exit(0);
