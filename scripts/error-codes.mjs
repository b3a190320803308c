#!/usr/bin/env node
// Writes the table of error codes in docs/api-errors.md from the catalogue the code uses
// (domain/src/shared/error-codes.ts: every code the API answers, by status, with its meaning), so
// the page cannot drift from it. `--check` fails when the page is stale (the lint suite runs it).
//
// Usage: node scripts/error-codes.mjs [--check]
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

import * as prettier from 'prettier';
import ts from 'typescript';

const root = resolve(import.meta.dirname, '..');
const page = join(root, 'docs/api-errors.md');
const START = '<!-- error-codes:start (written by node scripts/error-codes.mjs) -->';
const END = '<!-- error-codes:end -->';

/** The catalogue, read from its source: a plain object with no imports, so it runs as it is once its types are stripped. */
function catalogue() {
  const source = readFileSync(join(root, 'domain/src/shared/error-codes.ts'), 'utf8');
  const { outputText } = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 } });
  const module = { exports: {} };
  new Function('module', 'exports', outputText)(module, module.exports);
  return module.exports.ERROR_CODES;
}

const STATUS_NAMES = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  408: 'Request Timeout',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

function table(codes) {
  const rows = Object.entries(codes).flatMap(([status, byCode]) =>
    Object.entries(byCode).map(([code, meaning]) => `| \`${code}\` | ${status} ${STATUS_NAMES[status] ?? ''} | ${meaning.replace(/\|/g, '\\|')} |`),
  );
  const count = rows.length;
  return [`${count} codes, by status.`, '', '| code | status | meaning |', '| --- | --- | --- |', ...rows].join('\n');
}

const current = readFileSync(page, 'utf8');
const start = current.indexOf(START);
const end = current.indexOf(END);
if (start < 0 || end < start) {
  console.error(`${page} has no ${START} … ${END} block.`);
  process.exit(1);
}
const written = `${current.slice(0, start + START.length)}\n\n${table(catalogue())}\n\n${current.slice(end)}`;
const formatted = await prettier.format(written, { ...(await prettier.resolveConfig(page)), filepath: page });
if (process.argv.includes('--check')) {
  if (formatted !== current) {
    console.error('docs/api-errors.md does not list the codes of domain/src/shared/error-codes.ts: run `node scripts/error-codes.mjs` and commit it.');
    process.exit(1);
  }
  console.log('docs/api-errors.md lists every error code');
} else {
  writeFileSync(page, formatted);
  console.log(`wrote the table of error codes to ${page}`);
}
