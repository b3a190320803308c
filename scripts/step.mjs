#!/usr/bin/env node
// One step of make (installing, building): one line for a person, the whole output in a log
// file, and that output on the screen only when the step fails.
//
// Usage: node scripts/step.mjs "<what it does>" <command> [args…]
// Prints "<what it does>… done in 12 s" and appends the command's output to .make.log; on a
// failure prints the output and exits with the command's status. MAKE_VERBOSE=1 shows it all.
import { spawn } from 'node:child_process';
import { appendFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const LOG = join(root, '.make.log');
const [what, command, ...args] = process.argv.slice(2);
if (!what || !command) {
  console.error('usage: node scripts/step.mjs "<what it does>" <command> [args…]');
  process.exit(2);
}

const verbose = process.env.MAKE_VERBOSE === '1';
const started = Date.now();
const header = `\n=== ${new Date().toISOString()} ${what}: ${command} ${args.join(' ')}\n`;
try {
  appendFileSync(LOG, header);
} catch {
  writeFileSync(LOG, header);
}
if (!verbose) process.stdout.write(`${what}…`);

let output = '';
const child = spawn(command, args, { cwd: root, stdio: ['ignore', verbose ? 'inherit' : 'pipe', verbose ? 'inherit' : 'pipe'] });
const keep = (chunk) => {
  output += chunk;
  appendFileSync(LOG, chunk);
};
child.stdout?.on('data', keep);
child.stderr?.on('data', keep);
child.on('error', (error) => keep(`${error.message}\n`));
child.on('close', (status) => {
  const seconds = Math.round((Date.now() - started) / 1000);
  if (status === 0) {
    if (!verbose) process.stdout.write(` done in ${seconds} s\n`);
    process.exit(0);
  }
  if (!verbose) process.stdout.write(` failed after ${seconds} s:\n\n${output}\n`);
  console.error(`${what} failed (exit ${status ?? 1}); the whole output is in ${relative(process.cwd(), LOG) || LOG}.`);
  process.exit(status ?? 1);
});
