import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

import SwaggerParser from '@apidevtools/swagger-parser';
import { load } from 'js-yaml';

import { HttpSession } from '../../test/support/http-session';
import { createTestApp, type TestApp } from '../../test/support/test-app';

/** The OpenAPI document covers every route the application serves, from its DTOs and the contract. */
describe('OpenAPI document', () => {
  let app: TestApp;
  let document: {
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: { name: string }[];
          responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
          requestBody?: unknown;
          security?: unknown[];
        }
      >
    >;
    components: { schemas: Record<string, { properties?: Record<string, unknown>; required?: string[] }> };
  };

  beforeAll(async () => {
    app = await createTestApp();
    const answer = await new HttpSession(app.http).get('/api/docs-json');
    expect(answer.status).toBe(200);
    document = answer.body;
  }, 60_000);
  afterAll(() => app.close());

  it('documents every /api route the application serves, with its method', () => {
    const openApiPath = (url: string) => url.replace(/:([A-Za-z_]+)/g, '{$1}');
    const ownRoutes = app.routes.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && r.method !== 'HEAD' && r.method !== 'OPTIONS');
    expect(ownRoutes.length).toBeGreaterThan(50);
    const missing = ownRoutes.filter((r) => !document.paths[openApiPath(r.url)]?.[r.method.toLowerCase()]).map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
  });

  // Issue 26: every route says what it answers, with a shape from the API contract (or a file).
  it('names the answer of every route it serves', () => {
    const unnamed = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => {
          const success = Object.entries(operation.responses).filter(([status]) => status.startsWith('2'));
          // A 204 has no body by definition: its description is all it says.
          return success.length === 0 || success.some(([status, answer]) => !answer.content && status !== '204');
        })
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(unnamed).toEqual([]);
  });

  it('describes request bodies from the DTOs and answers from the API contract', () => {
    const body = document.components.schemas.MilestoneRequest!;
    expect(Object.keys(body.properties!)).toEqual(expect.arrayContaining(['job_id', 'definition', 'payees', 'original_id']));
    expect(body.required).toEqual(expect.arrayContaining(['job_id', 'definition', 'payees']));
    expect(document.components.schemas.MilestoneView!.properties).toHaveProperty('funds_clear_at');
    const approval = document.paths['/api/milestone/approval']!.post!;
    expect(approval.responses['200']!.content!['application/json']!.schema).toEqual({ $ref: '#/components/schemas/MilestoneView' });
    expect(approval.responses['409']!.content!['application/json']!.schema).toEqual({ $ref: '#/components/schemas/ErrorBody' });
    expect(approval.parameters!.map((p) => p.name)).toEqual(expect.arrayContaining(['Idempotency-Key', 'X-XSRF-TOKEN']));
    expect(approval.security).toEqual([{ sid: [] }]);
    expect(document.paths['/api/services']!.get!.security).toBeUndefined();
  });

  // What a client generator reads: the served document must pass a standard validator whole
  // (the OpenAPI 3 schema, and every $ref resolving), or generated clients fail.
  it('is a valid OpenAPI document, every reference resolving', async () => {
    const served = JSON.parse(JSON.stringify(document)) as Parameters<typeof SwaggerParser.validate>[0];
    const problem = await SwaggerParser.validate(served).then(
      () => null,
      (error: Error) => error.message,
    );
    expect(problem).toBeNull();
  });

  it('names the item type of every array in the request bodies', () => {
    const body = document.components.schemas.MilestoneRequest!;
    expect(body.properties!.payees).toEqual(expect.objectContaining({ type: 'array', items: { $ref: '#/components/schemas/PayeeRequest' } }));
    const arrays = Object.entries(document.components.schemas).flatMap(([name, schema]) =>
      Object.entries(schema.properties ?? {})
        .filter(([, property]) => (property as { type?: string }).type === 'array')
        .filter(([, property]) => !(property as { items?: unknown }).items)
        .map(([field]) => `${name}.${field}`),
    );
    expect(arrays).toEqual([]);
    expect(JSON.stringify(document)).not.toContain('#/components/schemas/Array"');
  });

  it('serves the same document as YAML at /api/docs-yaml', async () => {
    const answer = await app.http.inject({ method: 'GET', url: '/api/docs-yaml' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/yaml/);
    expect(load(answer.body)).toEqual(document);
  });

  // Issue 26: a client generated from the document by a standard generator knows every answer.
  it('gives a client generator (openapi-typescript) types that compile and name the answers', () => {
    const root = resolve(__dirname, '../../..');
    const dir = mkdtempSync(join(tmpdir(), 'escrow-openapi-client-'));
    try {
      writeFileSync(join(dir, 'openapi.json'), JSON.stringify(document));
      const generated = spawnSync(
        process.execPath,
        [join(root, 'node_modules/openapi-typescript/bin/cli.js'), join(dir, 'openapi.json'), '-o', join(dir, 'api.ts')],
        {
          encoding: 'utf8',
        },
      );
      expect({ status: generated.status, stderr: generated.stderr.replace(/^.*openapi-typescript.*$\n?/gm, '') }).toEqual({ status: 0, stderr: '' });
      // A client's use of it: the approval's answer is the milestone card, the user's either the user or {}.
      writeFileSync(
        join(dir, 'client.ts'),
        [
          "import type { paths } from './api';",
          "type Json<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends { responses: { 200: { content: { 'application/json': infer A } } } } ? A : never;",
          "export const status = (card: Json<'/api/milestone/approval', 'post'>): string => card.status;",
          "export const deposits = (list: Json<'/api/milestone/{id}/deposits', 'get'>): number => list.length;",
        ].join('\n'),
      );
      const compiled = spawnSync(
        process.execPath,
        [
          join(root, 'node_modules/typescript/bin/tsc'),
          '--noEmit',
          '--strict',
          '--target',
          'es2022',
          '--module',
          'nodenext',
          '--skipLibCheck',
          join(dir, 'client.ts'),
        ],
        { encoding: 'utf8', cwd: dir },
      );
      expect(compiled.stdout + compiled.stderr).toBe('');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('serves a browsable page at /api/docs', async () => {
    const page = await new HttpSession(app.http).get('/api/docs');
    expect(page.status).toBe(200);
    expect(String(page.body)).toContain('swagger');
  });
});
