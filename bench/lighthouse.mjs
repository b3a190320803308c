// Lighthouse (its mobile profile: simulated slow 4G, 4× CPU slowdown, a phone's screen) on the main
// screens of the built app, signed in where the screen needs it, in Debian's Chromium. Each screen
// is audited LIGHTHOUSE_RUNS times (5), each time in a browser of its own (cold cache, the
// session's cookies set through the browser) and each figure is the median of its runs.
//   node bench/run-all.mjs lighthouse          the table in docs/performance.md
//   node bench/lighthouse.mjs --check           the CHECKED screens against their floors (the make test suite)
//   node bench/lighthouse.mjs --screens a,b     some screens, printed only (to measure a change)
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';

import lighthouse from 'lighthouse';

import { demoSessions, projectWithMilestones, startApp } from './lib/app-server.mjs';
import { CHROMIUM, launchChromium } from './lib/chromium.mjs';
import { BenchFailure, machine, markdownTable, median, repoRoot, writeSection } from './lib/harness.mjs';

/** Targets of issue 29, on every screen. */
const TARGETS = { score: 90, lcpMs: 2500, cls: 0.05 };

/**
 * The screens: who is signed in (null: a visitor), the path given the set-up's project, and the
 * floor of each screen's median performance score in the bench (issue 40): a screen under it fails
 * `make bench`. The target is 90 on all six, which a quiet machine gives; the floors sit about ten
 * points under each screen's median on a loaded 2-core machine (load average ~16: home 91, login
 * 89, portal list 79, project page 68, new project 85, dashboard 81; docs/performance-history.md, "Screens
 * at 90"), so a busy machine passes, and above where the new-project screen (44) and the dashboard
 * (58) were at that load before their first paints dropped antd and the charts: sliding back fails.
 */
const SCREENS = [
  { name: 'home', as: null, path: () => '/', floor: 80 },
  { name: 'login', as: null, path: () => '/login', floor: 80 },
  { name: 'portal list', as: 'buyer', path: () => '/portal', floor: 70 },
  { name: 'project page (5 milestones)', as: 'buyer', path: ({ projectId }) => `/portal/job/${projectId}`, floor: 60, project: true },
  { name: 'new project', as: 'seller', path: () => '/portal/new-project/company', floor: 75 },
  { name: 'admin dashboard', as: 'admin', path: () => '/admin', floor: 70 },
];

const reportDir = join(repoRoot, 'bench', 'results', 'lighthouse');
const loadAverage = () => os.loadavg()[0].toFixed(1);

/** The audits that cost the most on a run: failed metric-savings audits, largest estimated saving first. */
function whatHoldsIt(lhr) {
  return Object.values(lhr.audits)
    .filter((a) => a.score !== null && a.score < 0.9 && a.metricSavings && Object.values(a.metricSavings).some((v) => v > 0))
    .sort((a, b) => (b.metricSavings.LCP ?? 0) + (b.metricSavings.TBT ?? 0) - ((a.metricSavings.LCP ?? 0) + (a.metricSavings.TBT ?? 0)))
    .slice(0, 4)
    .map((a) => {
      const s = a.metricSavings;
      const parts = [s.LCP ? `LCP −${Math.round(s.LCP)} ms` : '', s.TBT ? `TBT −${Math.round(s.TBT)} ms` : '', s.CLS ? `CLS −${s.CLS.toFixed(2)}` : '']
        .filter(Boolean)
        .join(', ');
      return `${a.id}${parts ? ` (${parts})` : ''}`;
    });
}

/**
 * Audits one URL once in a fresh browser context of `browser` holding `cookies`; returns the
 * figures and keeps the report under bench/results/lighthouse/.
 */
async function auditOnce(browser, url, cookies, label) {
  const context = await browser.createBrowserContext();
  try {
    if (cookies.length) await context.setCookie(...cookies);
    const page = await context.newPage();
    // The context's cookies are the session: Lighthouse must not clear them (a fresh context has
    // an empty cache of its own, so the load is still a first visit).
    const result = await lighthouse(url, { output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: true }, undefined, page);
    const lhr = result.lhr;
    if (lhr.runtimeError) throw new Error(`${label}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    mkdirSync(reportDir, { recursive: true });
    writeFileSync(join(reportDir, `${label.replace(/[^a-z0-9]+/gi, '-')}.json`), result.report);
    return {
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      lcpMs: lhr.audits['largest-contentful-paint'].numericValue,
      tbtMs: lhr.audits['total-blocking-time'].numericValue,
      cls: lhr.audits['cumulative-layout-shift'].numericValue,
      fcpMs: lhr.audits['first-contentful-paint'].numericValue,
      finalUrl: lhr.finalDisplayedUrl,
      holds: whatHoldsIt(lhr),
    };
  } finally {
    await context.close();
  }
}

/**
 * auditOnce, again up to twice when Lighthouse itself fails (NO_NAVSTART, NO_FCP: its trace of the
 * load was lost, which happens on a loaded machine); a page that fails three times is an error.
 */
async function auditWithRetries(browser, url, cookies, label, log) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await auditOnce(browser, url, cookies, label);
    } catch (error) {
      if (attempt >= 3 || !/NO_NAVSTART|NO_FCP|NO_LCP|PROTOCOL_TIMEOUT|TRACE/i.test(String(error))) throw error;
      log(`  ${label}: Lighthouse failed (${String(error).split('\n')[0]}), again`);
    }
  }
}

/** The app with its demo data, the sessions, and (when a screen needs it) the project with five milestones. */
async function setUp(log, screens) {
  const app = await startApp({ log });
  try {
    const sessions = screens.some((s) => s.as) ? await demoSessions(app) : {};
    const projectId = screens.some((s) => s.project) ? await projectWithMilestones(sessions, 5) : null;
    return { app, sessions, projectId };
  } catch (error) {
    await app.stop();
    throw error;
  }
}

/** Each screen `runs` times; the median of each figure. */
/**
 * Five runs a screen: on these shared machines about one run in four or five lands on a moment of
 * load and reads 10-20 points low (home read 84, 83, 97 in one bench and 96, 97, 95 in the one before), and
 * the median of three then reads that moment. Lighthouse's own advice on variability is the median
 * of five.
 */
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);

async function auditScreens(screens = SCREENS, runs = RUNS, log = console.log) {
  const { app, sessions, projectId } = await setUp(log, screens);
  // A browser that fails to start (not installed) must not leave the app and its PostgreSQL running.
  await launchChromium()
    .then((probe) => probe.close())
    .catch(async (error) => {
      await app.stop();
      throw error;
    });
  try {
    const results = [];
    for (const screen of screens) {
      const url = `${app.baseUrl}${screen.path({ projectId })}`;
      const cookies = screen.as ? sessions[screen.as].cookies() : [];
      const each = [];
      const loads = [];
      for (let run = 1; run <= runs; run++) {
        loads.push(loadAverage());
        // A browser of its own for every audit, as Lighthouse's command line does: one browser kept
        // for all eighteen audits read the last screen 10-12 points lower than alone (83 against
        // 92-95 for the admin dashboard, TBT 392 against 123-210 ms; docs/performance.md).
        const browser = await launchChromium();
        const figures = await auditWithRetries(browser, url, cookies, `${screen.name}-${run}`, log).finally(() => browser.close());
        // A signed-in screen that landed on the login page measured the wrong thing.
        if (new URL(figures.finalUrl).pathname !== new URL(url).pathname) throw new Error(`${screen.name}: ended on ${figures.finalUrl}, not ${url}`);
        log(
          `  ${screen.name} run ${run}: score ${figures.score}, LCP ${Math.round(figures.lcpMs)} ms, TBT ${Math.round(figures.tbtMs)} ms, CLS ${figures.cls.toFixed(3)} (load ${loads.at(-1)})`,
        );
        each.push(figures);
      }
      results.push({
        screen: screen.name,
        path: screen.path({ projectId: '{id}' }),
        as: screen.as,
        runs,
        score: median(each.map((f) => f.score)),
        lcpMs: median(each.map((f) => f.lcpMs)),
        tbtMs: median(each.map((f) => f.tbtMs)),
        cls: median(each.map((f) => f.cls)),
        scores: each.map((f) => f.score),
        floor: screen.floor,
        loads,
        holds: each[0].holds,
      });
    }
    return results;
  } finally {
    await app.stop();
  }
}

const verdict = (r) => {
  const misses = [
    r.score < r.floor ? `UNDER ITS FLOOR OF ${r.floor}` : '',
    r.score < TARGETS.score ? `score < ${TARGETS.score}` : '',
    r.lcpMs > TARGETS.lcpMs ? `LCP > ${TARGETS.lcpMs / 1000} s` : '',
    r.cls > TARGETS.cls ? `CLS > ${TARGETS.cls}` : '',
  ].filter(Boolean);
  return misses.length ? `missed: ${misses.join(', ')}` : 'met';
};

export async function runLighthouseBenchmark() {
  const startLoad = loadAverage();
  const results = await auditScreens();
  const rows = results.map((r) => [
    r.screen,
    `\`${r.path}\``,
    r.as ?? 'visitor',
    `${r.score} (${r.scores.join(', ')})`,
    String(r.floor),
    `${(r.lcpMs / 1000).toFixed(1)} s`,
    `${Math.round(r.tbtMs)} ms`,
    r.cls.toFixed(3),
    verdict(r),
    r.holds.join('; ') || '—',
  ]);
  const table = markdownTable(
    ['screen', 'path', 'signed in as', 'performance (runs)', 'floor', 'LCP', 'TBT', 'CLS', 'targets', 'largest remaining audits'],
    rows,
  );
  console.log(table);
  writeSection(
    'lighthouse',
    `## Lighthouse on the main screens (issue 29)

Command: \`make bench\` (part \`lighthouse\`; \`node bench/run-all.mjs lighthouse\`). Lighthouse ${lighthouseVersion()}, its
mobile profile (simulated slow 4G, 4× CPU slowdown, a phone's screen), in Debian's Chromium
(\`${CHROMIUM}\`, headless), against the built app with the demo data; signed-in screens get the
demo user's session cookies through the browser before the audit, each run in a browser of its own
(cold cache), as Lighthouse's command line runs. Each figure is the median of ${results[0]?.runs ?? RUNS} runs, and a screen whose median score is under its floor (issue 40) fails the bench; the load average was ${startLoad} at the start
(${results.map((r) => `${r.screen}: ${r.loads.join('/')}`).join('; ')}). Targets: performance ≥ ${TARGETS.score},
LCP ≤ ${TARGETS.lcpMs / 1000} s, CLS ≤ ${TARGETS.cls}. "Largest remaining audits" are the first run's failed audits with the
largest estimated LCP and TBT savings (the whole reports are in \`bench/results/lighthouse/\`).
Measured ${new Date().toISOString().slice(0, 10)} on ${machine()}.

${table}`,
  );
  const under = results.filter((r) => r.score < r.floor);
  if (under.length) throw new BenchFailure(`Lighthouse: ${under.map((r) => `${r.screen} scored ${r.score}, under its floor of ${r.floor}`).join('; ')}`);
  return results;
}

function lighthouseVersion() {
  return JSON.parse(readFileSync(join(repoRoot, 'node_modules', 'lighthouse', 'package.json'), 'utf8')).version;
}

/**
 * The make test check (suite `lighthouse`): a first load of each screen below, its performance
 * score against its floor. Lighthouse's simulated throttling scales the CPU time it observed, so a
 * busy machine lowers the score (through TBT and LCP): on 2 cores the login page scored 65-80 at
 * load averages 5-10 (13 runs) and once 56, at 10.8 inside make test; main's login before issue 29
 * scored 48-56, hence 60. Issue 40 adds the new-project screen and the dashboard at 65: at load
 * ~16 they scored 72-89 and 80-89, and 43-57 and 57-64 before their first paints dropped antd and
 * the charts. A run under the floor is taken again (best of up to three), so a screen sliding back
 * fails and a burst of load does not (docs/testing.md, "The Lighthouse floor").
 * LIGHTHOUSE_FLOOR, when set, is every screen's floor.
 */
const CHECKED = [
  { screen: 'login', floor: 60 },
  { screen: 'new project', floor: 65 },
  { screen: 'admin dashboard', floor: 65 },
];

async function checkScreens() {
  const started = Date.now();
  const screens = CHECKED.map((c) => ({ ...SCREENS.find((s) => s.name === c.screen), checkFloor: Number(process.env.LIGHTHOUSE_FLOOR ?? c.floor) }));
  const { app, sessions } = await setUp(() => undefined, screens);
  const browser = await launchChromium().catch(async (error) => {
    await app.stop();
    throw error;
  });
  let passed = true;
  try {
    for (const screen of screens) {
      const floor = screen.checkFloor;
      const url = `${app.baseUrl}${screen.path({})}`;
      const cookies = screen.as ? sessions[screen.as].cookies() : [];
      const label = `check-${screen.name.replace(/ /g, '-')}`;
      // A moment of load (jest's workers beside it) can cost a run 15 points: a score under the floor
      // is measured again, up to three runs, and the screen fails only when all of them are under it.
      let figures = await auditWithRetries(browser, url, cookies, label, console.log);
      for (let run = 2; run <= 3 && figures.score < floor; run++) {
        console.log(`  ${screen.name} scored ${figures.score} (under ${floor}) at load ${loadAverage()}: again`);
        const again = await auditWithRetries(browser, url, cookies, `${label}-${run}`, console.log);
        if (again.score > figures.score) figures = again;
      }
      if (new URL(figures.finalUrl).pathname !== new URL(url).pathname) throw new Error(`${screen.name}: ended on ${figures.finalUrl}, not ${url}`);
      const line = `${screen.name} (${screen.as ? `signed in as ${screen.as}` : "a visitor's first load"}, mobile profile): performance ${figures.score}, LCP ${(figures.lcpMs / 1000).toFixed(1)} s, TBT ${Math.round(figures.tbtMs)} ms, CLS ${figures.cls.toFixed(3)}; load average ${loadAverage()}`;
      if (figures.score >= floor) console.log(`ok   ${line}; floor ${floor}`);
      else {
        passed = false;
        console.error(
          `FAIL ${line}: under the floor of ${floor}. Largest audits: ${figures.holds.join('; ') || '—'} (report in bench/results/lighthouse/${label}.json)`,
        );
      }
    }
    console.log(`${screens.length} screens in ${Math.round((Date.now() - started) / 1000)} s`);
    return passed;
  } finally {
    await app.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const only = process.argv.indexOf('--screens');
  if (only > 0) {
    // Some screens, printed and not written to docs/performance.md: for measuring a change.
    const names = (process.argv[only + 1] ?? '').split(',').map((n) => n.trim());
    const screens = SCREENS.filter((s) => names.includes(s.name));
    if (screens.length !== names.length) {
      console.error(`unknown screen in ${names.join(', ')}; known: ${SCREENS.map((s) => s.name).join(', ')}`);
      process.exit(2);
    }
    for (const r of await auditScreens(screens)) {
      console.log(
        `${r.screen}: performance ${r.score} (${r.scores.join(', ')}), LCP ${(r.lcpMs / 1000).toFixed(1)} s, TBT ${Math.round(r.tbtMs)} ms, CLS ${r.cls.toFixed(3)}; load ${r.loads.join('/')}; ${r.holds.join('; ') || '—'}`,
      );
    }
    process.exit(0);
  }
  if (!process.argv.includes('--check')) {
    console.error('usage: node bench/lighthouse.mjs --check   (the table: node bench/run-all.mjs lighthouse)');
    process.exit(2);
  }
  process.exit((await checkScreens()) ? 0 : 1);
}
