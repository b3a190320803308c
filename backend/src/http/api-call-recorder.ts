import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import type { FastifyInstance } from 'fastify';

/** One kind of call: what the API document must list for it. */
export interface ApiCall {
  method: string;
  route: string;
  status: number;
  query: string[];
  params: string[];
  /** An error answer's machine code (ErrorBody.code). */
  code?: string;
}

/** The code of a JSON error body as sent, if it has one. */
function codeOf(payload: unknown): string | undefined {
  if (typeof payload !== 'string') return undefined;
  try {
    const code = (JSON.parse(payload) as { code?: unknown } | null)?.code;
    return typeof code === 'string' ? code : undefined;
  } catch {
    return undefined;
  }
}

/**
 * For the test suites only (off unless API_CALLS_DIR is set): writes each distinct kind of API
 * call this process answered (method, route template, status, the names of its query and path
 * parameters; no value) to a JSON-lines file of its own in that folder, and the API document it
 * serves beside them. scripts/check-api-calls.mjs then fails on any the document does not list.
 * Distinct calls only, kept in memory: a suite's thousands of requests write a few hundred lines.
 * `queryNames: false` for an app that is sent made-up query parameters on purpose (the fuzz
 * suite: a route must ignore or refuse them, and the document need not name them); its statuses
 * are recorded all the same.
 */
export function recordApiCalls(fastify: FastifyInstance, document: () => object, options: { queryNames: boolean }, env: NodeJS.ProcessEnv = process.env): void {
  // The test runner names a folder when the suites should record what they use (scripts/run-tests.mjs).
  const dir = env.API_CALLS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  // One file per distinct document (each jest file starts its own app, all of one build).
  const text = JSON.stringify(document());
  const served = join(dir, `${createHash('sha256').update(text).digest('hex').slice(0, 16)}.openapi.json`);
  if (!existsSync(served)) writeFileSync(served, text);
  const file = join(dir, `${process.pid}-${randomBytes(4).toString('hex')}.jsonl`);
  const seen = new Set<string>();
  const codes = new WeakMap<object, string>();
  // The body is serialised by now: an error answer's code is read back from it.
  fastify.addHook('onSend', (request, reply, payload, done) => {
    const code = reply.statusCode >= 400 ? codeOf(payload) : undefined;
    if (code) codes.set(request, code);
    done(null, payload);
  });
  fastify.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url;
    if (route?.startsWith('/api/') && !route.startsWith('/api/docs') && request.method !== 'HEAD' && request.method !== 'OPTIONS') {
      const call: ApiCall = {
        method: request.method,
        route,
        status: reply.statusCode,
        query: options.queryNames ? Object.keys((request.query as object | undefined) ?? {}).sort() : [],
        params: Object.keys((request.params as object | undefined) ?? {}).sort(),
        ...(codes.has(request) ? { code: codes.get(request) } : {}),
      };
      const line = JSON.stringify(call);
      if (!seen.has(line)) {
        seen.add(line);
        // Synchronous and small: a test that ends the process right after its last request loses nothing.
        writeFileSync(file, `${line}\n`, { flag: 'a' });
      }
    }
    done();
  });
}
