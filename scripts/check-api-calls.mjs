#!/usr/bin/env node
// Does the API document tell the truth? The jest HTTP suites and the Playwright servers record
// each kind of call they make (backend/src/http/api-call-recorder.ts, switched on by API_CALLS_DIR,
// which scripts/run-tests.mjs sets): method, route template, status, names of query and path
// parameters, an error answer's code. This fails on any that the document those processes served
// does not list: a route, a status, a parameter or an error code
// (backend/src/http/api-document-check.ts; needs the build).
//
// The codes each route answers are kept in backend/src/http/route-error-codes.json, which the
// document is built from. `--write-codes` adds the codes of the recording the document lacks to it (it never
// removes one: a recording of a few suites must not drop what the others met); rebuild, check
// again and commit it (docs/api-errors.md).
//
// Usage: node scripts/check-api-calls.mjs [--write-codes] [folder]   (default .test-results/api-calls)
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const require = createRequire(import.meta.url);
const { readRecording, undocumented, withRecordedCodes } = require(join(root, 'backend/dist/http/api-document-check.js'));
const args = process.argv.slice(2);
const writeCodes = args.includes('--write-codes');
const folder = resolve(args.find((a) => !a.startsWith('--')) ?? join(root, '.test-results', 'api-calls'));
const { calls, documents, processes } = readRecording(folder);
if (calls.length === 0 || documents.length === 0) {
  console.error(`No API calls recorded in ${folder}: run the jest or e2e suite first (scripts/run-tests.mjs sets API_CALLS_DIR).`);
  process.exit(1);
}

if (writeCodes) {
  const file = join(root, 'backend/src/http/route-error-codes.json');
  const known = JSON.parse(readFileSync(file, 'utf8'));
  // Only what the document lacks: the codes any route may answer are listed on every route already.
  const lacking = calls.filter((c) => c.code && documents.some((d) => undocumented([c], d).some((gap) => gap.endsWith(` code ${c.code}`))));
  const merged = withRecordedCodes(known, lacking);
  const prettier = await import('prettier');
  const text = await prettier.format(JSON.stringify(merged), { ...(await prettier.resolveConfig(file)), filepath: file });
  writeFileSync(file, text);
  const count = (codes) => Object.values(codes).reduce((n, byStatus) => n + Object.values(byStatus).reduce((m, list) => m + list.length, 0), 0);
  console.log(`${file}: ${count(merged) - count(known)} code(s) added (${count(merged)} in all). Rebuild the backend, check again and commit it.`);
  process.exit(0);
}

// Every process of one build serves the same document; a gap in any of them counts.
const gaps = [...new Set(documents.flatMap((document) => undocumented(calls, document)))].sort();
const routes = new Set(calls.map((c) => `${c.method} ${c.route}`)).size;
console.log(`${new Set(calls.map((c) => JSON.stringify(c))).size} kinds of call on ${routes} routes, recorded by ${processes} API processes`);
if (gaps.length) {
  console.log(`The API document (/api/docs-json) lacks ${gaps.length} thing(s) the suites met:\n${gaps.map((g) => `  ${g}`).join('\n')}`);
  console.log('Declare them with the route (an @Answers, @ApiResponse or @ApiQuery) or among the shared answers of backend/src/http/openapi.ts.');
  if (gaps.some((g) => / code /.test(g)))
    console.log(
      `For codes: \`node scripts/check-api-calls.mjs --write-codes ${folder}\` adds them to backend/src/http/route-error-codes.json (look at the diff: a code a route should not answer is a bug to fix, not to list).`,
    );
  process.exit(1);
}
console.log('The API document lists every route, status, parameter and error code the suites used.');
