import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { Pool } from 'pg';

import type { ExportedSpan } from '../../../test/support/otlp-collector';
import { secretsIn, walkPersonalRoutes, type WalkTrail } from '../../../test/support/personal-data-walk';
import { TracedApi } from '../../../test/support/traced-api';
import { demoSecrets } from '../../seed/demo-secrets';

const attribute = (span: ExportedSpan, key: string) => span.attributes.find((a) => a.key === key)?.value.stringValue;

/**
 * Issue 35, point 8: the built program with tracing on, exporting over OTLP to a collector on
 * loopback, as production does (the instrumentations patch http, fastify and pg only in a real
 * process, not under jest's module loader). A walk through the routes whose paths and queries
 * carry personal data; then nothing it sent may be found in what was exported: span names,
 * attributes, events, links, resource.
 */
describe('traces of a walk through personal data', () => {
  let pool: Pool;
  let api: TracedApi;
  let trail: WalkTrail;
  const dataDir = mkdtempSync(join(tmpdir(), 'escrow-traces-demo-'));

  beforeAll(async () => {
    // The demo's secrets are this installation's, kept in its data folder (here the test's own).
    const { secrets } = demoSecrets(dataDir);
    api = await TracedApi.start({
      SEED_DEMO_DATA: 'true',
      DATA_DIR: dataDir,
      // Every request traced: the deployment's default keeps one trace in ten.
      OTEL_TRACES_SAMPLER: 'parentbased_always_on',
      // Webhook and payment workers idle: the walk is about requests.
      PAYMENTS_SANDBOX_SETTLE_MS: '0',
    });
    pool = new Pool({ connectionString: api.database.url, max: 1 });
    trail = await walkPersonalRoutes(api.baseUrl, pool, secrets);
    await api.stop();
  }, 120_000);

  afterAll(async () => {
    await pool?.end();
    await api?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('exports the spans of every instrumentation, the server spans named by route template', () => {
    const spans = api.collector.spans();
    const scopes = new Set(spans.map((s) => s.scope));
    expect([...scopes]).toEqual(
      expect.arrayContaining(['@opentelemetry/instrumentation-http', '@fastify/otel', '@opentelemetry/instrumentation-pg', 'escrow-ledger']),
    );
    const server = spans.filter((s) => s.scope === '@opentelemetry/instrumentation-http' && s.kind === 2);
    expect(server.map((s) => s.name)).toEqual(
      expect.arrayContaining(['GET /api/customer/search/phone/:phone', 'GET /api/auth/customer/:code', 'GET /api/auth/invite/:hash', 'GET /api/admin/users']),
    );
    const phoneSearch = server.find((s) => s.name === 'GET /api/customer/search/phone/:phone')!;
    expect(attribute(phoneSearch, 'http.route')).toBe('/api/customer/search/phone/:phone');
  });

  it("keeps fastify's request and handler spans and pg's statements, without hook or connection spans", () => {
    const spans = api.collector.spans();
    const fastify = spans.filter((s) => s.scope === '@fastify/otel').map((s) => s.name);
    expect(fastify).toContain('request');
    expect(fastify.some((name) => name.startsWith('handler - '))).toBe(true);
    // A kept trace's spans are most of tracing's cost (docs/performance.md, issue 40): the hooks'
    // spans (named by the plugin chain) and the pool's told nothing their neighbours do not.
    expect(fastify.filter((name) => /^(onRequest|preParsing|preValidation|preHandler|preSerialization|onSend|onResponse|onError) - /.test(name))).toEqual([]);
    const pg = spans.filter((s) => s.scope === '@opentelemetry/instrumentation-pg').map((s) => s.name);
    expect(pg.some((name) => name.startsWith('pg.query:'))).toBe(true);
    expect(pg.filter((name) => name === 'pg-pool.connect' || name === 'pg.connect')).toEqual([]);
  });

  it('holds none of the emails, names, phones, account numbers, codes, tokens or search texts the walk sent', () => {
    const leaks = api.collector.spans().flatMap((span) => {
      const found = secretsIn(JSON.stringify(span), trail.secrets);
      return found.length ? [`${span.scope} "${span.name}": ${found.join(', ')}`] : [];
    });
    expect({ leaks, walk: trail.requests.length }).toEqual({ leaks: [], walk: trail.requests.length });
    // The resource and everything outside the spans too.
    expect(secretsIn(api.collector.bodies.join('\n'), trail.secrets)).toEqual([]);
  });

  it('records no URL, path, query, client address or user agent, only the route', () => {
    const forbidden = [
      'url.full',
      'url.path',
      'url.query',
      'http.target',
      'http.url',
      'client.address',
      'net.peer.ip',
      'http.client_ip',
      'user_agent.original',
      'http.user_agent',
    ];
    const found = api.collector
      .spans()
      .flatMap((span) => span.attributes.filter((a) => forbidden.includes(a.key)).map((a) => `${span.scope} "${span.name}" ${a.key}`));
    expect([...new Set(found)]).toEqual([]);
  });
});
