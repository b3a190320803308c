#!/usr/bin/env node
// Does the API document tell the truth? The jest HTTP suites and the Playwright servers record
// each kind of call they make (backend/src/http/api-call-recorder.ts, switched on by API_CALLS_DIR,
// which scripts/run-tests.mjs sets): method, route template, status, names of query and path
// parameters. This fails on any that the document those processes served does not list: a route,
// a status or a parameter (backend/src/http/api-document-check.ts; needs the build).
//
// Usage: node scripts/check-api-calls.mjs [folder]   (default .test-results/api-calls)
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const { readRecording, undocumented } = createRequire(import.meta.url)(join(root, 'backend/dist/http/api-document-check.js'));
const folder = resolve(process.argv[2] ?? join(root, '.test-results', 'api-calls'));
const { calls, documents, processes } = readRecording(folder);
if (calls.length === 0 || documents.length === 0) {
  console.error(`No API calls recorded in ${folder}: run the jest or e2e suite first (scripts/run-tests.mjs sets API_CALLS_DIR).`);
  process.exit(1);
}
// Every process of one build serves the same document; a gap in any of them counts.
const gaps = [...new Set(documents.flatMap((document) => undocumented(calls, document)))].sort();
const routes = new Set(calls.map((c) => `${c.method} ${c.route}`)).size;
console.log(`${new Set(calls.map((c) => JSON.stringify(c))).size} kinds of call on ${routes} routes, recorded by ${processes} API processes`);
if (gaps.length) {
  console.log(`The API document (/api/docs-json) lacks ${gaps.length} thing(s) the suites met:\n${gaps.map((g) => `  ${g}`).join('\n')}`);
  console.log('Declare them with the route (an @Answers, @ApiResponse or @ApiQuery) or among the shared answers of backend/src/http/openapi.ts.');
  process.exit(1);
}
console.log('The API document lists every route, status and parameter the suites used.');
