// Where the project page's main thread goes after its milestones arrive: a Chromium trace and a
// CPU profile of the page's load, unthrottled (Lighthouse observes a load that way and multiplies
// each task by its 4× CPU slowdown, so a task over 12.5 ms here is one of its long tasks).
//   node bench/page-trace.mjs [--runs 5]
// Prints, for each run, the main thread's tasks over 12.5 ms from the milestones' answer on, with
// what fills each (layout, style, script), and over all runs the script time by module: by package
// or source file when the build keeps its module comments (`npx vite build --minify false` in
// frontend/), else by function. docs/performance-history.md, "The project page's main thread".
import { parseArgs } from 'node:util';

import { demoSessions, projectWithMilestones, startApp } from './lib/app-server.mjs';
import { launchChromium } from './lib/chromium.mjs';

const CATEGORIES = ['loading', 'v8', 'v8.execute', 'devtools.timeline', 'disabled-by-default-devtools.timeline'];
/** Lighthouse's simulated slowdown: an observed task longer than this is a long task (50 ms) there. */
const LONG_MS = 50 / 4;
const NATIVE = [
  'Layout',
  'UpdateLayoutTree',
  'Paint',
  'PrePaint',
  'ParseHTML',
  'ParseAuthorStyleSheet',
  'v8.compile',
  'v8.compileModule',
  'v8.evaluateModule',
  'MinorGC',
  'MajorGC',
];

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });

/** One load of `url` in a fresh context holding `cookies`: its trace events and CPU profile. */
async function traceLoad(browser, url, cookies) {
  const context = await browser.createBrowserContext();
  try {
    await context.setCookie(...cookies);
    const page = await context.newPage();
    await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true });
    const cdp = await page.createCDPSession();
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    await page.tracing.start({ categories: CATEGORIES });
    await page.goto(url, { waitUntil: 'networkidle0' });
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const trace = JSON.parse(new TextDecoder().decode(await page.tracing.stop()));
    const { profile } = await cdp.send('Profiler.stop');
    return { events: trace.traceEvents ?? trace, profile };
  } finally {
    await context.close();
  }
}

/** The page's renderer main thread: the CrRendererMain with the most script calls. */
function pageThread(events) {
  const mains = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const calls = (m) => events.filter((e) => e.pid === m.pid && e.tid === m.tid && e.name === 'FunctionCall').length;
  const main = mains.reduce((best, m) => (calls(m) > calls(best) ? m : best));
  return events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X');
}

/** When the project's milestones answer finished loading (trace clock, µs). */
function milestonesAnswered(events) {
  const id = events.find((e) => e.name === 'ResourceSendRequest' && /\/api\/job\/\d+\/milestones$/.test(e.args.data.url))?.args.data.requestId;
  const finish = events.find((e) => e.name === 'ResourceFinish' && e.args.data.requestId === id);
  if (!finish) throw new Error('the page never received its milestones');
  return finish.ts;
}

/** Each script's module comments (`// ../node_modules/axios/lib/…`, `// src/…`) by line, to name a profile's positions. */
async function moduleMarks(baseUrl, urls) {
  const marks = new Map();
  for (const url of urls) {
    const lines = (await (await fetch(url.startsWith('http') ? url : `${baseUrl}${url}`)).text()).split('\n');
    const found = [];
    lines.forEach((line, i) => {
      const m = /^\/\/ (?:\.\.\/node_modules\/((?:@[^/]+\/)?[^/]+)\/.*|(src\/.*|\.\.\/domain\/.*))$/.exec(line);
      if (m) found.push([i, m[1] ?? m[2]]);
    });
    marks.set(url, found);
  }
  return marks;
}

const add = (map, key, ms) => map.set(key, (map.get(key) ?? 0) + ms);

async function main() {
  const runs = Number(values.runs);
  const app = await startApp({ log: console.log });
  const browser = await launchChromium();
  try {
    const sessions = await demoSessions(app);
    const projectId = await projectWithMilestones(sessions, 5);
    const url = `${app.baseUrl}/portal/job/${projectId}`;
    const byModule = new Map();
    let busy = 0;
    for (let run = 1; run <= runs; run++) {
      const { events, profile } = await traceLoad(browser, url, sessions.buyer.cookies());
      const from = milestonesAnswered(events);
      const thread = pageThread(events);
      const tasks = thread.filter((e) => e.name === 'RunTask' && e.ts >= from && e.dur > LONG_MS * 1000);
      const described = tasks.map((task) => {
        const inside = new Map();
        for (const e of thread)
          if (e !== task && e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur && (NATIVE.includes(e.name) || e.name === 'FunctionCall'))
            add(inside, e.name, e.dur / 1000);
        const parts = [...inside]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 3)
          .map(([name, ms]) => `${name} ${ms.toFixed(0)}`);
        return `${(task.dur / 1000).toFixed(0)} ms (${parts.join(', ') || 'unattributed'})`;
      });
      const simulatedTbt = tasks.reduce((sum, t) => sum + Math.max(0, (4 * t.dur) / 1000 - 50), 0);
      console.log(
        `run ${run}: ${tasks.length} tasks over ${LONG_MS} ms after the milestones answer, ~${simulatedTbt.toFixed(0)} ms of TBT at 4×: ${described.join('; ')}`,
      );
      const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
      const marks = await moduleMarks(app.baseUrl, [...new Set(profile.nodes.map((n) => n.callFrame.url).filter((u) => u.includes('/assets/')))]);
      let t = profile.startTime;
      profile.samples.forEach((id, i) => {
        t += profile.timeDeltas[i];
        const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
        const frame = nodes.get(id).callFrame;
        if (t < from || frame.functionName === '(idle)') return;
        busy += ms;
        const fileMarks = marks.get(frame.url);
        const module = fileMarks?.length ? (fileMarks.findLast(([line]) => line <= frame.lineNumber)?.[1] ?? frame.url) : null;
        add(byModule, module ?? (frame.url ? `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop()}` : frame.functionName), ms);
      });
    }
    console.log(
      `\nbusy after the milestones answer: ${(busy / runs).toFixed(1)} ms a run; by module ((program) is the browser's own work: layout, style, compiling):`,
    );
    for (const [name, ms] of [...byModule].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`${(ms / runs).toFixed(1).padStart(8)} ms  ${name}`);
  } finally {
    await browser.close();
    await app.stop();
  }
}

await main();
