import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { ApiCall } from './api-call-recorder';

interface Operation {
  responses?: Record<string, { 'x-error-codes'?: string[] } | undefined>;
  parameters?: { in: string; name: string }[];
}

/** The part of an OpenAPI document the comparison reads. */
export interface ApiDocument {
  paths?: Record<string, Record<string, Operation>>;
}

/** Fastify's `/api/job/:id` as OpenAPI's `/api/job/{id}`. */
const openApiPath = (route: string) => route.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');

/**
 * The error codes each route answers, by status: `{ "POST /api/milestone/deposit": { "409": ["already_funded", …] } }`.
 * Kept in route-error-codes.json, which the document generator reads (openapi.ts).
 */
export type RouteErrorCodes = Record<string, Record<string, string[]>>;

/** `POST /api/job/{id}`: how route-error-codes.json names a route. */
export const operationKey = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

/**
 * What the document lacks for these calls, one line each: `GET /api/x: status 413`,
 * `… status 409 code dispute_open`, `… query parameter to`, `… path parameter id`, or
 * `… not in the document`.
 */
export function undocumented(calls: readonly ApiCall[], document: ApiDocument): string[] {
  const gaps = new Set<string>();
  for (const call of calls) {
    const path = openApiPath(call.route);
    const name = `${call.method} ${path}`;
    const operation = document.paths?.[path]?.[call.method.toLowerCase()];
    if (!operation) {
      gaps.add(`${name}: not in the document`);
      continue;
    }
    const response = operation.responses?.[String(call.status)];
    if (!response && !operation.responses?.default) gaps.add(`${name}: status ${call.status}`);
    if (call.code && response && !response['x-error-codes']?.includes(call.code)) gaps.add(`${name}: status ${call.status} code ${call.code}`);
    const parameters = operation.parameters ?? [];
    for (const [place, names] of [
      ['query', call.query],
      ['path', call.params],
    ] as const)
      for (const parameter of names) if (!parameters.some((p) => p.in === place && p.name === parameter)) gaps.add(`${name}: ${place} parameter ${parameter}`);
  }
  return [...gaps].sort();
}

/** The calls recorded in a folder (api-call-recorder.ts), and the distinct documents the recording processes served. */
export function readRecording(folder: string): { calls: ApiCall[]; documents: ApiDocument[]; processes: number } {
  const files = existsSync(folder) ? readdirSync(folder) : [];
  const calls = files
    .filter((f) => f.endsWith('.jsonl'))
    .flatMap((f) =>
      readFileSync(join(folder, f), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as ApiCall),
    );
  const documentFiles = files.filter((f) => f.endsWith('.openapi.json'));
  const texts = new Set(documentFiles.map((f) => readFileSync(join(folder, f), 'utf8')));
  return { calls, documents: [...texts].map((text) => JSON.parse(text) as ApiDocument), processes: files.filter((f) => f.endsWith('.jsonl')).length };
}

/**
 * route-error-codes.json with every code these calls met added (kept sorted, nothing removed:
 * a recording of some suites only must not drop what the others met).
 */
export function withRecordedCodes(known: RouteErrorCodes, calls: readonly ApiCall[]): RouteErrorCodes {
  const merged = new Map<string, Map<string, Set<string>>>();
  const add = (key: string, status: string, code: string) => {
    const byStatus = merged.get(key) ?? merged.set(key, new Map()).get(key)!;
    (byStatus.get(status) ?? byStatus.set(status, new Set()).get(status)!).add(code);
  };
  for (const [key, byStatus] of Object.entries(known)) for (const [status, codes] of Object.entries(byStatus)) for (const code of codes) add(key, status, code);
  for (const call of calls) if (call.code) add(operationKey(call.method, openApiPath(call.route)), String(call.status), call.code);
  const sorted = (keys: Iterable<string>) => [...keys].sort();
  return Object.fromEntries(
    sorted(merged.keys()).map((key) => {
      const byStatus = merged.get(key)!;
      return [key, Object.fromEntries(sorted(byStatus.keys()).map((status) => [status, sorted(byStatus.get(status)!)]))];
    }),
  );
}
