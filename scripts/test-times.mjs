#!/usr/bin/env node
// Prints where the time of the last `make test` went, per test file, largest first, from the
// reports it left in .test-results (jest, reliability, vitest, Playwright): the tables of
// docs/testing.md are made with it.
//
// Usage: node scripts/test-times.mjs [--top N]
import { readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const results = join(root, '.test-results');
const topIndex = process.argv.indexOf('--top');
const top = topIndex > 0 ? Number(process.argv[topIndex + 1]) : 15;

function readJson(name) {
  try {
    return JSON.parse(readFileSync(join(results, name), 'utf8'));
  } catch {
    return null;
  }
}

/** jest and vitest: one entry per file, from its start to its end. */
function jestFiles(report) {
  return (report.testResults ?? []).map((file) => ({
    file: relative(root, file.name),
    seconds: (file.endTime - file.startTime) / 1000,
    tests: (file.assertionResults ?? []).length,
  }));
}

/** Playwright: a file's tests may run on several workers; its time is the sum of its tests'. */
function playwrightFiles(report) {
  const byFile = new Map();
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        for (const result of test.results ?? []) {
          const entry = byFile.get(spec.file) ?? { file: `frontend/e2e/${spec.file}`, seconds: 0, tests: 0 };
          entry.seconds += result.duration / 1000;
          entry.tests += 1;
          byFile.set(spec.file, entry);
        }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  return [...byFile.values()];
}

function table(title, rows) {
  if (!rows) return;
  const sorted = [...rows].sort((a, b) => b.seconds - a.seconds);
  const total = sorted.reduce((sum, r) => sum + r.seconds, 0);
  console.log(`\n### ${title}: ${sorted.length} files, ${sorted.reduce((n, r) => n + r.tests, 0)} tests, ${total.toFixed(0)} s summed\n`);
  console.log('| file | tests | seconds |');
  console.log('| --- | ---: | ---: |');
  for (const r of sorted.slice(0, top)) console.log(`| ${r.file} | ${r.tests} | ${r.seconds.toFixed(1)} |`);
  if (sorted.length > top) {
    const rest = sorted.slice(top);
    console.log(`| ${rest.length} other files | ${rest.reduce((n, r) => n + r.tests, 0)} | ${rest.reduce((s, r) => s + r.seconds, 0).toFixed(1)} |`);
  }
}

const jest = readJson('jest.json');
// The reliability suite runs in two parts (scripts/run-tests.mjs): one table for both.
const reliabilityParts = ['reliability.json', 'reliability-replay.json'].map(readJson).filter(Boolean);
const reliability = reliabilityParts.length ? { testResults: reliabilityParts.flatMap((r) => r.testResults ?? []) } : null;
const vitest = readJson('vitest.json');
const playwright = readJson('playwright.json');
if (!jest && !reliability && !vitest && !playwright) {
  console.error('no reports in .test-results: run make test (or node scripts/run-tests.mjs) first');
  process.exit(1);
}
table('jest (three workers: files overlap)', jest && jestFiles(jest));
table('Playwright (per file, summed over its tests)', playwright && playwrightFiles(playwright));
table('reliability (one file at a time)', reliability && jestFiles(reliability));
table('vitest (files overlap)', vitest && jestFiles(vitest));
