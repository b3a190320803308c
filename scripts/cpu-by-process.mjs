#!/usr/bin/env node
// CPU seconds by kind of process while a command runs: Chromium's processes by type, PostgreSQL,
// the built server, jest and Playwright workers, the static checks. It reads /proc twice a second,
// so a process that lives less than half a second may be missed; the machine's busy share comes
// from /proc/stat. Linux only.
//
// Usage: node scripts/cpu-by-process.mjs -- node scripts/run-tests.mjs e2e
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

const dash = process.argv.indexOf('--');
const command = dash >= 0 ? process.argv.slice(dash + 1) : [];
if (command.length === 0) {
  console.error('usage: node scripts/cpu-by-process.mjs -- <command> [args...]');
  process.exit(2);
}

function kind(cmd) {
  if (/chrom/i.test(cmd)) {
    const type = /--type=(\S+)/.exec(cmd)?.[1] ?? 'browser';
    const sub = /--utility-sub-type=(\S+)/.exec(cmd)?.[1];
    return `chromium ${type}${sub ? ` ${sub}` : ''}`;
  }
  if (/(^|\/)postgres\b/.test(cmd)) return 'postgres';
  if (/backend\/dist\/main\.js/.test(cmd)) return 'server (backend/dist/main.js)';
  if (/backend\/dist\/projections-cli\.js/.test(cmd)) return 'projection worker (projections-cli.js)';
  if (/playwright/.test(cmd)) return 'playwright';
  if (/jest-worker|processChild/.test(cmd)) return 'jest worker';
  if (/jest/.test(cmd)) return 'jest';
  if (/vitest/.test(cmd)) return 'vitest';
  if (/\b(tsc|eslint|prettier|depcruise)\b/.test(cmd)) return 'static checks';
  return 'other';
}

const seen = new Map();
function sample() {
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ticks = Number(fields[11]) + Number(fields[12]);
      const key = `${pid}:${fields[19]}`; // pid and start time: a reused pid is another process
      let entry = seen.get(key);
      if (!entry) {
        entry = { kind: kind(readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ')), first: ticks, ticks };
        seen.set(key, entry);
      }
      entry.ticks = ticks;
    } catch {
      // the process ended between the listing and the read
    }
  }
}
const machine = () => readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);

const startedAt = Date.now();
const machineBefore = machine();
sample();
const timer = setInterval(sample, 500);
const child = spawn(command[0], command.slice(1), { stdio: 'inherit' });
child.on('close', (status) => {
  clearInterval(timer);
  sample();
  const delta = machine().map((v, i) => v - machineBefore[i]);
  const all = delta.reduce((a, b) => a + b, 0);
  const busy = Math.round((100 * (all - delta[3] - delta[4])) / all);
  const byKind = {};
  for (const e of seen.values()) byKind[e.kind] = (byKind[e.kind] ?? 0) + (e.ticks - e.first) / 100;
  const total = Object.values(byKind).reduce((a, b) => a + b, 0);
  console.log(`\n${Math.round((Date.now() - startedAt) / 1000)} s wall, ${Math.round(total)} CPU-seconds, machine busy ${busy}%`);
  for (const [name, seconds] of Object.entries(byKind).sort((a, b) => b[1] - a[1]))
    if (seconds >= 1) console.log(`${String(Math.round(seconds)).padStart(6)}  ${name}`);
  process.exit(status ?? 1);
});
