#!/usr/bin/env node
// Runs every suite (type checks, dependency rules, lint, budgets, jest, vitest, Playwright, the
// reliability suite), each with a machine-readable report, and ends with one line:
// `N passed, N failed`.
//
// Usage: node scripts/run-tests.mjs [suite ...]
//   suites: typecheck deps lint budget lighthouse jest vitest design e2e api-document reliability reliability-replay (default: all)
//
// Two lanes run at once (docs/testing.md, "Where the time goes"): the browser suite and then
// jest, beside the reliability suite, the static checks and the replay under kills. Each suite's
// output goes to
// .test-results/logs/<suite>.log and is printed whole when the suite ends, so lines never
// interleave. TEST_LANES=1 runs everything one after the other.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const out = join(root, '.test-results');
const logs = join(out, 'logs');
// Where the jest HTTP suites and the Playwright servers record the kinds of API call they make,
// for the api-document suite (backend/src/http/api-call-recorder.ts).
const apiCalls = { API_CALLS_DIR: join(out, 'api-calls') };
rmSync(out, { recursive: true, force: true });
mkdirSync(logs, { recursive: true });

/** Runs a command with its output appended to the suite's log; resolves with its exit status. */
function run(log, command, args, options = {}) {
  return new Promise((resolveRun) => {
    log.write(`$ ${command} ${args.join(' ')}\n`);
    const child = spawn(command, args, { cwd: root, ...options, env: { ...process.env, FORCE_COLOR: '0', ...options.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk) => log.write(chunk));
    child.stderr.on('data', (chunk) => log.write(chunk));
    child.on('error', (error) => {
      log.write(`${error.message}\n`);
      resolveRun({ status: 1 });
    });
    child.on('close', (status) => resolveRun({ status: status ?? 1 }));
  });
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

const one = (status) => (status === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 });

/**
 * The counts of a jest or vitest JSON report (same shape), with the failed tests' names for the
 * summary. A file that fails to load counts as a failure even though it ran no test.
 */
function jestReportResult(file, tool, status) {
  const report = readJson(file);
  if (!report) return { passed: 0, failed: 1, note: `${tool} produced no report (exit ${status})` };
  const brokenSuites = (report.testResults ?? []).filter((s) => s.status === 'failed' && (s.assertionResults ?? []).length === 0).length;
  return { passed: report.numPassedTests, failed: report.numFailedTests + brokenSuites, failures: failedInJestReport(report) };
}

/**
 * The first line of a failure's message and the line of the test file it stopped at: CI shows
 * only the end of the output, where the summary is, so a flake can be read from it alone.
 */
function failureGist(messages, file) {
  const text = (messages ?? []).join('\n').replace(/\u001b\[[0-9;]*m/g, '');
  const first = text.split('\n').find((line) => line.trim() !== '') ?? '';
  const at = text.split('\n').find((line) => line.includes(file) && /:\d+:\d+/.test(line));
  const where = at
    ? ` (${at
        .trim()
        .replace(/^at .*\(/, '')
        .replace(/\)$/, '')
        .replace(`${root}/`, '')})`
    : '';
  return first ? `\n      ${first.trim().slice(0, 400)}${where}` : '';
}

/** The failed tests of a jest or vitest report, as `file › title`, for the summary. */
function failedInJestReport(report) {
  return (report.testResults ?? []).flatMap((suite) => {
    const file = suite.name ? suite.name.replace(`${root}/`, '') : '?';
    const failed = (suite.assertionResults ?? [])
      .filter((a) => a.status === 'failed')
      .map((a) => `${file} › ${a.fullName ?? a.title}${failureGist(a.failureMessages, file)}`);
    return failed.length || suite.status !== 'failed' ? failed : [`${file} (did not load)`];
  });
}

/** A Playwright test's first error: its first line and where in the spec it stopped (as failureGist). */
function playwrightFailureGist(test) {
  const failed = (test.results ?? []).find((r) => (r.errors ?? []).length > 0 || r.error);
  const error = failed?.errors?.[0] ?? failed?.error;
  if (!error) return '';
  const first =
    (error.message ?? '')
      .replace(/\u001b\[[0-9;]*m/g, '')
      .split('\n')
      .find((line) => line.trim() !== '') ?? '';
  const where = error.location ? ` (${error.location.file.replace(`${root}/`, '')}:${error.location.line})` : '';
  return first ? `\n      ${first.trim().slice(0, 400)}${where}` : '';
}

/** The failed or flaky tests of a Playwright JSON report, as `file › title`. */
function failedInPlaywrightReport(report) {
  const found = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? [])
        if (t.status === 'unexpected' || t.status === 'flaky') found.push(`${spec.file} › ${spec.title} (${t.status})${playwrightFailureGist(t)}`);
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  return found;
}

/** The counts of a Playwright JSON report; a failed global set-up counts as a failure. */
function playwrightReportResult(file, status) {
  const report = readJson(file);
  if (!report) return { passed: 0, failed: 1, note: `playwright produced no report (exit ${status})` };
  const stats = report.stats ?? {};
  const setupFailed = (report.errors ?? []).length > 0 ? 1 : 0;
  return {
    passed: stats.expected ?? 0,
    failed: (stats.unexpected ?? 0) + (stats.flaky ?? 0) + setupFailed,
    failures: [...failedInPlaywrightReport(report), ...(report.errors ?? []).map((e) => `global setup: ${(e.message ?? '').split('\n')[0]}`)],
  };
}

/** Each suite: what it runs and how its report counts. `log` is the suite's log stream. */
const suites = {
  async typecheck(log) {
    let passed = 0;
    let failed = 0;
    for (const ws of ['domain', 'projections', 'backend', 'frontend', 'bench']) {
      if (!existsSync(join(root, ws, 'tsconfig.json'))) continue;
      const { status } = await run(log, 'npx', ['tsc', '-p', join(ws, 'tsconfig.json'), '--noEmit']);
      if (status === 0) passed++;
      else {
        failed++;
        log.write(`typecheck of ${ws} failed\n`);
      }
    }
    return { passed, failed };
  },
  async deps(log) {
    return one(
      (await run(log, 'npx', ['depcruise', 'domain/src', 'projections/src', 'backend/src', 'frontend/src', '--config', '.dependency-cruiser.cjs'])).status,
    );
  },
  async lint(log) {
    // ESLint (typescript-eslint strict, React's hook rules, sorted imports, the design tokens, the
    // error-code rules), stylelint, Prettier's check, the API contract's generated schemas and the
    // table of error codes, knip (unused files, exports and dependencies, knip.jsonc), the Node
    // versions the installed packages declare and the citations of docs/;
    // `npx eslint . --fix && npx prettier --write .` mends most of what they find.
    const eslint = await run(log, 'npx', ['eslint', '.', '--max-warnings=0']);
    if (eslint.status !== 0) log.write('eslint found problems\n');
    const prettier = await run(log, 'npx', ['prettier', '--check', '.', '--log-level=warn']);
    if (prettier.status !== 0) log.write('prettier: the files above are not formatted (npx prettier --write .)\n');
    // One look (docs/frontend.md): no colour, spacing, radius or font size written in our CSS
    // (stylelint), and the CSS custom properties written from design/tokens.ts not stale.
    const stylelint = await run(log, 'npx', ['stylelint', 'frontend/src/**/*.css', '--max-warnings=0']);
    if (stylelint.status !== 0) log.write('stylelint: a literal colour or size in our CSS (use the var(--el-…) tokens of frontend/src/design/tokens.ts)\n');
    const tokens = await run(log, 'node', ['scripts/design-tokens.mjs', '--check']);
    // The OpenAPI document's schemas are generated from domain/src/api: they must not go stale.
    const schemas = await run(log, 'node', ['scripts/api-schema.mjs', '--check']);
    // docs/api-errors.md lists every code of the catalogue the code answers with.
    const errorCodes = await run(log, 'node', ['scripts/error-codes.mjs', '--check']);
    // Dead code: a file, export or dependency that nothing uses (`npx knip --fix` removes the
    // `export` of names used only in their own file).
    const knip = await run(log, 'npx', ['knip', '--no-progress']);
    if (knip.status !== 0) log.write('knip found unused files, exports or dependencies (knip.jsonc says what it reads)\n');
    // A package that declares a Node we do not run on (npm only warns: EBADENGINE).
    const engines = await run(log, 'node', ['scripts/check-engines.mjs']);
    // Every citation of a docs page and anchor resolves, and none cites the spec or design by number.
    const docs = await run(log, 'node', ['scripts/check-doc-links.mjs']);
    const checks = [eslint, stylelint, tokens, prettier, schemas, errorCodes, knip, engines, docs];
    const passed = checks.filter((r) => r.status === 0).length;
    return { passed, failed: checks.length - passed };
  },
  async budget(log) {
    // First-load JavaScript of home, portal and admin within their budgets (BUDGETS_KB in the script; built by make test).
    return one((await run(log, 'node', ['scripts/bundle-sizes.mjs', '--check'])).status);
  },
  async lighthouse(log) {
    // The Lighthouse performance scores (mobile profile) of the login page, the new-project screen
    // and the admin dashboard above their floors: the first loads of issues 29 and 40 must not
    // slide back (bench/lighthouse.mjs, CHECKED; ~45 s alone, docs/testing.md). In the
    // headless shell the browser suite already uses (make test-tools installs it); make bench
    // drives the full Chromium.
    const env = { CHROMIUM_PATH: process.env.CHROMIUM_PATH || '/usr/bin/chromium-headless-shell' };
    return one((await run(log, 'node', ['bench/lighthouse.mjs', '--check'], { env })).status);
  },
  async jest(log) {
    const file = join(out, 'jest.json');
    // Three workers on two cores: the HTTP files wait on PostgreSQL a third of their time (151 s
    // alone against 173 s with two workers and 161 s with four, docs/testing.md).
    const { status } = await run(log, 'npx', ['jest', '--json', `--outputFile=${file}`, '--maxWorkers=3'], { env: apiCalls });
    return jestReportResult(file, 'jest', status);
  },
  async vitest(log) {
    const file = join(out, 'vitest.json');
    const { status } = await run(log, 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`], {
      cwd: join(root, 'frontend'),
    });
    return jestReportResult(file, 'vitest', status);
  },
  async design(log) {
    // One look (docs/frontend.md): each light component beside its antd twin, state by state, and
    // against the baseline images of e2e/design/baselines; Chromium, no server (~1 min).
    const file = join(out, 'design.json');
    const { status } = await run(log, 'npx', ['playwright', 'test', '-c', 'playwright.design.config.ts'], {
      cwd: join(root, 'frontend'),
      env: { PLAYWRIGHT_JSON_OUTPUT_NAME: file },
    });
    return playwrightReportResult(file, status);
  },
  async e2e(log) {
    const file = join(out, 'playwright.json');
    const { status } = await run(log, 'npx', ['playwright', 'test'], { cwd: join(root, 'frontend'), env: { PLAYWRIGHT_JSON_OUTPUT_NAME: file, ...apiCalls } });
    return playwrightReportResult(file, status);
  },
  // Every route, status and query or path parameter the jest and browser suites met is in the API
  // document (issue 35): a comparison of what they recorded, under a second.
  async 'api-document'(log) {
    return one((await run(log, 'node', ['scripts/check-api-calls.mjs', apiCalls.API_CALLS_DIR])).status);
  },
  // Kills, restarts and the seeded simulation of docs/reliability.md, one file at a time (each
  // loads the machine by itself). Needs the build: the tests run backend/dist as processes. In two
  // parts, for the lanes below: the replay under kills is CPU-bound (100,000 events generated,
  // replayed and rebuilt), the rest mostly waits on processes and PostgreSQL.
  async reliability(log) {
    return reliabilityFiles(log, 'reliability', ['--testPathIgnorePatterns', REPLAY_UNDER_KILLS]);
  },
  async 'reliability-replay'(log) {
    return reliabilityFiles(log, 'reliability-replay', [REPLAY_UNDER_KILLS]);
  },
};

const REPLAY_UNDER_KILLS = 'projection-worker-kills\\.rel\\.spec\\.ts$';

async function reliabilityFiles(log, name, selection) {
  const file = join(out, `${name}.json`);
  const { status } = await run(log, 'npx', ['jest', '-c', 'jest.reliability.config.js', '--runInBand', '--json', `--outputFile=${file}`, ...selection]);
  return jestReportResult(file, 'jest', status);
}

/**
 * The lanes, each run in order, side by side, chosen on the CPU figures of docs/testing.md: the
 * two cores are the limit, and Chromium takes 1.4 of them. Beside it run the suites that mostly
 * wait (the reliability suite's kills and restarts, then the short static checks); jest, which
 * lost most under Chromium (173 s alone, 560 s beside it), and the CPU-bound replay under kills
 * come after it. A third lane, or a lower priority for one, starved the reliability suite.
 */
const LANES = process.env.TEST_PLAN
  ? // Another layout, to measure one: lanes separated by |, suites by spaces.
    process.env.TEST_PLAN.split('|').map((lane) => lane.trim().split(/\s+/).filter(Boolean))
  : [
      ['e2e', 'jest', 'api-document'],
      // The design suite's Chromium (no server, ~50 s) last, beside jest rather than the browser suite.
      ['reliability', 'vitest', 'typecheck', 'deps', 'lint', 'budget', 'lighthouse', 'reliability-replay', 'design'],
    ];

const wanted = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(suites);
for (const name of wanted) {
  if (!suites[name]) {
    console.error(`unknown suite ${name}; known: ${Object.keys(suites).join(', ')}`);
    process.exit(2);
  }
}
const lanes = process.env.TEST_LANES === '1' ? [LANES.flat()] : LANES;
const plan = lanes.map((lane) => lane.filter((name) => wanted.includes(name))).filter((lane) => lane.length > 0);

const startedAt = Date.now();
const elapsed = () => `${Math.round((Date.now() - startedAt) / 1000)}s`;
const results = new Map();

async function runSuite(name) {
  const file = join(logs, `${name}.log`);
  const log = createWriteStream(file);
  console.log(`[${elapsed()}] ${name}: started (output in .test-results/logs/${name}.log)`);
  const started = Date.now();
  let result;
  try {
    result = await suites[name](log);
  } catch (error) {
    result = { passed: 0, failed: 1, note: error.message };
  }
  await new Promise((r) => log.end(r));
  result.seconds = Math.round((Date.now() - started) / 1000);
  results.set(name, result);
  // The whole output at once, so the two lanes' lines never mix.
  console.log(`\n=== ${name} (${result.seconds}s) ===`);
  process.stdout.write(readFileSync(file, 'utf8'));
  console.log(`[${elapsed()}] ${name}: ${result.passed} passed, ${result.failed} failed in ${result.seconds}s`);
}

await Promise.all(
  plan.map(async (lane) => {
    for (const name of lane) await runSuite(name);
  }),
);

console.log('\n=== summary ===');
for (const name of wanted) {
  const r = results.get(name);
  console.log(
    `${name.padEnd(11)} ${String(r.passed).padStart(5)} passed ${String(r.failed).padStart(4)} failed  ${String(r.seconds).padStart(4)}s${r.note ? `  (${r.note})` : ''}`,
  );
}
// The end of a long log is what a CI page shows: name what failed there.
const failures = [...results].flatMap(([name, r]) => (r.failures ?? []).map((f) => `  ${name}: ${f}`));
if (failures.length) console.log(`failed:\n${failures.join('\n')}`);
console.log(`all suites ${elapsed()} (lanes: ${plan.map((lane) => lane.join(' → ')).join('  |  ')})`);
const passed = [...results.values()].reduce((n, r) => n + r.passed, 0);
const failed = [...results.values()].reduce((n, r) => n + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
