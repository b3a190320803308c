#!/usr/bin/env node
// Checks an Escrow Ledger audit bundle offline, without any database:
//   npx escrow-verify-audit-bundle <bundle.jsonl> [--public-key <file.pem>] [--signer-name <typed name> ...] [--files <folder>]
//   node projections/bin/verify-audit-bundle.mjs <bundle.jsonl> [--public-key <file.pem>] [--signer-name <typed name> ...] [--files <folder>]
// --signer-name (repeatable): a signer's typed name you were given; the bundle carries only a
// salted SHA-256 of each, which is checked against it, and with it that event's content hash.
// --files: the folder of the attached files, each named by its SHA-256 (default: the folder an
// export with its files puts beside the bundle, <bundle>.files); every listed file is checked
// against the hash its event records. Without the folder the output says the files were not checked.
// Exit code 0: the bundle is intact; 1: it is not (each problem printed, the event named); 2: usage.
// What is checked, and how, is in docs/operations.md ("Audit exports"); the code is
// projections/src/integrity/audit-bundle.ts (built to dist/ by `npm run build`).
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const built = join(import.meta.dirname, '..', 'dist', 'integrity');
const USAGE = 'usage: escrow-verify-audit-bundle <bundle.jsonl> [--public-key <operator-key.pem>] [--signer-name <typed name> ...] [--files <folder>]\n';
const files = [];
const signerNames = [];
let keyFile;
let filesFolder;
let usageError = false;
for (const args = process.argv.slice(2); args.length > 0;) {
  const arg = args.shift();
  if (arg === '--public-key' || arg === '--signer-name' || arg === '--files') {
    const value = args.shift();
    if (value === undefined || (arg === '--public-key' && keyFile !== undefined) || (arg === '--files' && filesFolder !== undefined)) usageError = true;
    else if (arg === '--public-key') keyFile = value;
    else if (arg === '--files') filesFolder = value;
    else signerNames.push(value);
  } else files.push(arg);
}

if (files.length !== 1 || usageError) {
  process.stderr.write(USAGE);
  process.exit(2);
}
if (!existsSync(join(built, 'audit-bundle-files.js'))) {
  process.stderr.write(`${built} is missing or old: run \`npm run build\` in the repository first\n`);
  process.exit(2);
}
const require = createRequire(import.meta.url);
const { verifyAuditBundle } = require(join(built, 'audit-bundle.js'));
const { filesFolderOf, verifyBundleFiles } = require(join(built, 'audit-bundle-files.js'));
let text;
let publicKeyPem = null;
try {
  text = readFileSync(files[0], 'utf8');
  if (keyFile) publicKeyPem = readFileSync(keyFile, 'utf8');
} catch (error) {
  process.stderr.write(`${error.message}\n`);
  process.exit(2);
}
const result = verifyAuditBundle(text, { publicKeyPem, signerNames });
const filesCheck = await verifyBundleFiles(result, filesFolder ?? filesFolderOf(files[0]));
result.facts.push(...filesCheck.facts);
result.problems.push(...filesCheck.problems);
result.ok = result.ok && filesCheck.problems.length === 0;
const scope = result.manifest?.scope;
if (scope) {
  const what = scope.kind === 'project' ? `project ${scope.jobId}` : `events recorded from ${scope.from} to ${scope.to}`;
  process.stdout.write(`bundle: ${what}, exported ${result.manifest.exportedAt}\n`);
}
for (const fact of result.facts) process.stdout.write(`  ${fact}\n`);
if (result.ok) {
  process.stdout.write('VERIFIED: the bundle is intact\n');
  process.exit(0);
}
process.stdout.write(`NOT VERIFIED: ${result.problems.length} problem(s)\n`);
for (const problem of result.problems) process.stdout.write(`  - ${problem}\n`);
process.exit(1);
