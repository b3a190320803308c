#!/usr/bin/env node
// Runs every suite (type checks, dependency rules, jest, vitest, Playwright), each with a
// machine-readable report, and ends with one line: `N passed, N failed`.
// Usage: node scripts/run-tests.mjs [suite ...]   suites: typecheck deps lint budget jest vitest e2e reliability
// (reliability takes ~4.5 minutes alone on a 2-core machine, under the 10 minutes that keep it
// in make test; see docs/reliability.md).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const out = join(root, '.test-results');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

function run(command, args, options = {}) {
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: root, ...options, env: { ...process.env, ...options.env } });
  return { status: result.status ?? 1, seconds: Math.round((Date.now() - started) / 1000) };
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

const suites = {
  typecheck() {
    let passed = 0;
    let failed = 0;
    for (const ws of ['domain', 'projections', 'backend', 'frontend', 'bench']) {
      if (!existsSync(join(root, ws, 'tsconfig.json'))) continue;
      const { status } = run('npx', ['tsc', '-p', join(ws, 'tsconfig.json'), '--noEmit']);
      if (status === 0) passed++;
      else {
        failed++;
        console.error(`typecheck of ${ws} failed`);
      }
    }
    return { passed, failed };
  },
  deps() {
    const { status } = run('npx', ['depcruise', 'domain/src', 'projections/src', 'backend/src', 'frontend/src', '--config', '.dependency-cruiser.cjs']);
    return status === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 };
  },
  lint() {
    // ESLint (typescript-eslint strict, React's hook rules, sorted imports), Prettier's check and
    // the API contract's generated schemas;
    // `npx eslint . --fix && npx prettier --write .` mends most of what they find.
    const eslint = run('npx', ['eslint', '.', '--max-warnings=0']);
    if (eslint.status !== 0) console.error('eslint found problems');
    const prettier = run('npx', ['prettier', '--check', '.', '--log-level=warn']);
    if (prettier.status !== 0) console.error('prettier: the files above are not formatted (npx prettier --write .)');
    // The OpenAPI document's schemas are generated from domain/src/api: they must not go stale.
    const schemas = run('node', ['scripts/api-schema.mjs', '--check']);
    const passed = [eslint, prettier, schemas].filter((r) => r.status === 0).length;
    return { passed, failed: 3 - passed };
  },
  budget() {
    // First-load JavaScript of home, portal and admin within their budgets (BUDGETS_KB in the script; built by make test).
    const { status } = run('node', ['scripts/bundle-sizes.mjs', '--check']);
    return status === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 };
  },
  jest() {
    const file = join(out, 'jest.json');
    const { status } = run('npx', ['jest', '--json', `--outputFile=${file}`, '--maxWorkers=2']);
    const report = readJson(file);
    if (!report) return { passed: 0, failed: 1, note: `jest produced no report (exit ${status})` };
    // A suite that fails to load counts as a failure even though it ran no test.
    const brokenSuites = report.testResults.filter((s) => s.status === 'failed' && s.assertionResults.length === 0).length;
    return { passed: report.numPassedTests, failed: report.numFailedTests + brokenSuites };
  },
  vitest() {
    const file = join(out, 'vitest.json');
    const { status } = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`], { cwd: join(root, 'frontend') });
    const report = readJson(file);
    if (!report) return { passed: 0, failed: 1, note: `vitest produced no report (exit ${status})` };
    const brokenSuites = (report.testResults ?? []).filter((s) => s.status === 'failed' && (s.assertionResults ?? []).length === 0).length;
    return { passed: report.numPassedTests, failed: report.numFailedTests + brokenSuites };
  },
  e2e() {
    const file = join(out, 'playwright.json');
    const { status } = run('npx', ['playwright', 'test'], { cwd: join(root, 'frontend'), env: { PLAYWRIGHT_JSON_OUTPUT_NAME: file } });
    const report = readJson(file);
    if (!report) return { passed: 0, failed: 1, note: `playwright produced no report (exit ${status})` };
    const stats = report.stats ?? {};
    const setupFailed = (report.errors ?? []).length > 0 ? 1 : 0;
    return { passed: stats.expected ?? 0, failed: (stats.unexpected ?? 0) + (stats.flaky ?? 0) + setupFailed };
  },
  reliability() {
    // Kills, restarts and the seeded simulation of docs/reliability.md, one file at a time (each
    // loads the machine by itself). Needs the build: the tests run backend/dist as processes.
    const file = join(out, 'reliability.json');
    const { status } = run('npx', ['jest', '-c', 'jest.reliability.config.js', '--runInBand', '--json', `--outputFile=${file}`]);
    const report = readJson(file);
    if (!report) return { passed: 0, failed: 1, note: `jest produced no report (exit ${status})` };
    const brokenSuites = report.testResults.filter((s) => s.status === 'failed' && s.assertionResults.length === 0).length;
    return { passed: report.numPassedTests, failed: report.numFailedTests + brokenSuites };
  },
};

const wanted = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(suites);
const results = [];
for (const name of wanted) {
  if (!suites[name]) {
    console.error(`unknown suite ${name}; known: ${Object.keys(suites).join(', ')}`);
    process.exit(2);
  }
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const result = suites[name]();
  results.push({ name, ...result, seconds: Math.round((Date.now() - started) / 1000) });
}

console.log('\n=== summary ===');
for (const r of results)
  console.log(
    `${r.name.padEnd(10)} ${String(r.passed).padStart(5)} passed ${String(r.failed).padStart(4)} failed  ${r.seconds}s${r.note ? `  (${r.note})` : ''}`,
  );
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
