import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { ApiCall } from './api-call-recorder';

interface Operation {
  responses?: Record<string, unknown>;
  parameters?: { in: string; name: string }[];
}

/** The part of an OpenAPI document the comparison reads. */
export interface ApiDocument {
  paths?: Record<string, Record<string, Operation>>;
}

/** Fastify's `/api/job/:id` as OpenAPI's `/api/job/{id}`. */
const openApiPath = (route: string) => route.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');

/**
 * What the document lacks for these calls, one line each: `GET /api/x: status 413`,
 * `… query parameter to`, `… path parameter id`, or `… not in the document`.
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
    if (!operation.responses?.[String(call.status)] && !operation.responses?.default) gaps.add(`${name}: status ${call.status}`);
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
