import fc from 'fast-check';

import type { RouteRequest } from './route-matrix.test-kit';

/**
 * Malformed requests for the fuzz suite: each starts from a route's valid request (so mutations
 * reach deep into the handler instead of stopping at the first type check) and breaks one to
 * three things about it: the body, a field, a path parameter, the query string or a header.
 */
export type Mutation =
  | { kind: 'replace-body'; value: unknown }
  | { kind: 'set-field'; path: string[]; value: unknown }
  | { kind: 'drop-field'; index: number }
  | { kind: 'pollute'; raw: string }
  | { kind: 'deep-nesting'; depth: number; shape: 'object' | 'array'; where: 'body' | 'field' }
  | { kind: 'raw-body'; raw: string }
  | { kind: 'content-type'; contentType: string; form: boolean }
  | { kind: 'giant-field'; length: number; char: string }
  | { kind: 'path-param'; index: number; segment: string }
  | { kind: 'query'; pairs: [string, string][]; raw: string | null }
  | { kind: 'header'; name: string; value: string };

/** What is sent: the payload exactly as bytes go on the wire. */
export interface WireRequest {
  url: string;
  payload?: string;
  headers: Record<string, string>;
}

const INJECTIONS = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '1; SELECT pg_sleep(5)--',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '${7*7}',
  '{{7*7}}',
  '../../../../etc/passwd',
  '%00',
  '\\',
];
const TRICKY_TEXT = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\t\n\r',
  '\u202Eevil',
  '\uFEFF',
  '\uFFFF',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 🏗️',
  'İıßﬀ',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'prototype',
];
const NUMERIC_TEXT = [
  'NaN',
  'Infinity',
  '-Infinity',
  '-0',
  '1e309',
  '1e-400',
  '0x1F',
  '0b11',
  '1_000',
  '١٢٣',
  ' 12 ',
  '12abc',
  '-1',
  '0',
  '00012',
  '2147483648',
  '9999999999999999999999',
  '1.005',
  '100.001',
  '-100.00',
  '1,000.00',
  '$100',
  '1e5',
  '.5',
  '5.',
  '-271821-04-20T00:00:00Z',
  '275760-09-13T00:00:00Z',
  '0000-01-01',
  '2026-02-30',
  '2026-13-01',
  '1969-12-31T23:59:59.999Z',
];

const text = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...INJECTIONS, ...TRICKY_TEXT, ...NUMERIC_TEXT) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.integer({ min: 90, max: 6000 }).map((n) => 'x'.repeat(n)) },
);
const number = fc.oneof(
  fc.constantFrom(
    0,
    -0,
    -1,
    1,
    0.5,
    2 ** 31,
    2 ** 31 - 1,
    -(2 ** 31),
    2 ** 53,
    -(2 ** 53),
    Number.MAX_VALUE,
    Number.MIN_VALUE,
    1e308,
    -1e308,
    0.1 + 0.2,
    1.005,
    999999999999.999,
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const value: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: text },
  { weight: 3, arbitrary: number },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.array(fc.oneof(text, number, fc.constant(null)), { maxLength: 4 }) },
  {
    weight: 1,
    arbitrary: fc.dictionary(fc.constantFrom('a', 'id', '__proto__', 'constructor', 'toString', 'length', '$where'), fc.oneof(text, number), { maxKeys: 3 }),
  },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

const FIELD_NAMES = [
  'id',
  'job_id',
  'milestone_id',
  'user_id',
  'role',
  'isAdmin',
  'admin',
  'company_id',
  'customer_id',
  'amount',
  'status',
  'email',
  'password',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  '',
];

const POLLUTION = [
  '{"__proto__":{"role":"admin","isAdmin":true,"companyId":1}}',
  '{"constructor":{"prototype":{"role":"admin","polluted":true}}}',
  '{"__proto__":null}',
  '{"__proto__":[]}',
  '{"toString":"x","valueOf":1,"hasOwnProperty":"no"}',
  '{"__proto__":{"__proto__":{"then":"x"}}}',
];

const INVALID_JSON = [
  '{',
  '}',
  '{"a":}',
  '{a:1}',
  "{'a':1}",
  '[1,]',
  '{"a":1,}',
  'NaN',
  'Infinity',
  '-',
  '"unterminated',
  '{"a":"\\x00"}',
  '\uFEFF{}',
  '{"a":1}{"b":2}',
  '\u0000',
  'null',
  '""',
  '[]',
  '0',
  'true',
  '{"a":"\\uD800"}',
  '{"a":1e999}',
];

const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=xyz',
  'application/xml',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/jsonx',
  'application/*',
  '*/*',
  'json',
  '',
  ';;;',
  'application/json, text/plain',
];

const HEADERS: [string, fc.Arbitrary<string>][] = [
  [
    'idempotency-key',
    fc.oneof(
      fc.constantFrom('', 'short', 'x'.repeat(101), 'has space in it', '../../../etc', "' OR 1=1 --", '\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9'),
      fc.string({ unit: 'binary-ascii', maxLength: 120 }),
    ),
  ],
  ['accept', fc.constantFrom('text/html', 'application/xml', '*/*;q=0', 'image/png', '', 'x'.repeat(5000))],
  ['accept-encoding', fc.constantFrom('gzip', 'br', 'identity;q=0', 'x, y, z', '')],
  ['content-encoding', fc.constantFrom('gzip', 'deflate', 'br', 'identity', 'unknown')],
  ['x-forwarded-for', fc.constantFrom('1.2.3.4', '127.0.0.1', '::1', 'not-an-ip', '1.2.3.4, 5.6.7.8', '', 'x'.repeat(3000))],
  ['x-forwarded-proto', fc.constantFrom('https', 'http', 'gopher', '')],
  ['x-forwarded-host', fc.constantFrom('evil.example', '', 'a'.repeat(300))],
  ['origin', fc.constantFrom('https://evil.example', 'null', '')],
  ['referer', fc.constantFrom('https://evil.example/', 'javascript:alert(1)', '')],
  ['x-http-method-override', fc.constantFrom('DELETE', 'PUT', 'GET')],
  [
    'cookie-extra',
    fc.constantFrom('sid=; sid=x', 'XSRF-TOKEN=other', 'a=%zz', '=', ';;;;', `sid=${'x'.repeat(5000)}`, 'sid="quoted"', '__proto__=1', 'constructor=x'),
  ],
  ['user-agent', fc.constantFrom('', 'x'.repeat(10000), "' OR 1=1 --", '\u00ff\u00fe')],
  ['range', fc.constantFrom('bytes=0-1', 'bytes=-1', 'bytes=999999999-')],
  ['if-none-match', fc.constantFrom('*', '"x"', '')],
];

const SEGMENTS = [
  '0',
  '-1',
  '1.5',
  '1e3',
  'NaN',
  'Infinity',
  '2147483648',
  '99999999999999999999',
  '0x10',
  ' 1',
  '1 ',
  '١',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '%',
  '%zz',
  '%00',
  '%c0%af',
  '%ff',
  '..',
  '%2e%2e',
  '%2e%2e%2f%2e%2e',
  '%2F',
  '__proto__',
  'constructor',
  "'%20OR%20'1'%3D'1",
  '%3Cscript%3E',
];

function encodeSegment(raw: string): string {
  try {
    return encodeURIComponent(raw);
  } catch {
    // A lone surrogate: send its bytes percent-encoded as they are.
    return [...Buffer.from(raw, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
  }
}

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 3, arbitrary: value.map((v) => ({ kind: 'replace-body' as const, value: v })) },
  {
    weight: 6,
    arbitrary: fc
      .record({ path: fc.array(fc.oneof(fc.constantFrom(...FIELD_NAMES), fc.string({ maxLength: 8 })), { minLength: 1, maxLength: 2 }), value })
      .map((r) => ({ kind: 'set-field' as const, ...r })),
  },
  { weight: 2, arbitrary: fc.nat(20).map((index) => ({ kind: 'drop-field' as const, index })) },
  { weight: 2, arbitrary: fc.constantFrom(...POLLUTION).map((raw) => ({ kind: 'pollute' as const, raw })) },
  {
    weight: 1,
    arbitrary: fc
      .record({
        depth: fc.integer({ min: 50, max: 50000 }),
        shape: fc.constantFrom('object' as const, 'array' as const),
        where: fc.constantFrom('body' as const, 'field' as const),
      })
      .map((r) => ({ kind: 'deep-nesting' as const, ...r })),
  },
  {
    weight: 2,
    arbitrary: fc.oneof(fc.constantFrom(...INVALID_JSON), fc.string({ unit: 'binary', maxLength: 60 })).map((raw) => ({ kind: 'raw-body' as const, raw })),
  },
  {
    weight: 2,
    arbitrary: fc.record({ contentType: fc.constantFrom(...CONTENT_TYPES), form: fc.boolean() }).map((r) => ({ kind: 'content-type' as const, ...r })),
  },
  {
    weight: 1,
    arbitrary: fc
      .record({
        length: fc.oneof(fc.integer({ min: 5000, max: 200_000 }), fc.constant(1024 * 1024 + 10)),
        char: fc.constantFrom('x', 'é', '"', '\\', '\u0000', '🏗'),
      })
      .map((r) => ({ kind: 'giant-field' as const, ...r })),
  },
  {
    weight: 4,
    arbitrary: fc
      .record({
        index: fc.nat(3),
        segment: fc.oneof(
          fc.constantFrom(...SEGMENTS),
          text.map(encodeSegment),
          fc.integer({ min: 100, max: 5000 }).map((n) => '9'.repeat(n)),
        ),
      })
      .map((r) => ({ kind: 'path-param' as const, ...r })),
  },
  {
    weight: 3,
    arbitrary: fc
      .record({
        pairs: fc.array(
          fc.tuple(
            fc.oneof(
              fc.constantFrom(
                'customer',
                'state',
                'service',
                'search',
                'status',
                'kind',
                'format',
                'report',
                'job_id',
                'party',
                'from',
                'to',
                'at',
                'milestone',
                'exclude_current_user',
                '__proto__',
                'constructor',
                'a[b]',
                'a[]',
              ),
              fc.string({ maxLength: 6 }),
            ),
            text,
          ),
          { maxLength: 4 },
        ),
        raw: fc.option(
          fc.constantFrom('%zz', '&&&', '=', 'state=AZ&state=UT', 'customer=true&customer=false', 'a[b][c][d]=1', '__proto__[role]=admin', 'x'.repeat(20000)),
          { freq: 3 },
        ),
      })
      .map((r) => ({ kind: 'query' as const, ...r })),
  },
  { weight: 3, arbitrary: fc.oneof(...HEADERS.map(([name, values]) => values.map((v) => ({ kind: 'header' as const, name, value: v })))) },
);

export const mutations = fc.array(mutation, { minLength: 1, maxLength: 3 });

function nest(depth: number, shape: 'object' | 'array'): string {
  return shape === 'object' ? '{"a":'.repeat(depth) + '1' + '}'.repeat(depth) : '['.repeat(depth) + '1' + ']'.repeat(depth);
}

function setPath(target: Record<string, unknown>, path: string[], v: unknown): void {
  let node = target;
  for (const key of path.slice(0, -1)) {
    const next = Object.prototype.hasOwnProperty.call(node, key) ? node[key] : undefined;
    const child = next && typeof next === 'object' ? (Array.isArray(next) ? { ...next[0] } : { ...(next as object) }) : {};
    Object.defineProperty(node, key, { value: child, enumerable: true, writable: true, configurable: true });
    node = child as Record<string, unknown>;
  }
  Object.defineProperty(node, path.at(-1)!, { value: v, enumerable: true, writable: true, configurable: true });
}

/** Applies the mutations to a route's valid request; the path template names the parameters. */
export function applyMutations(pathTemplate: string, template: RouteRequest, list: readonly Mutation[]): WireRequest {
  const [pathPart, queryPart] = template.url.split('?') as [string, string | undefined];
  const segments = pathPart.split('/');
  const paramIndexes = pathTemplate.split('/').flatMap((s, i) => (s.startsWith(':') ? [i] : []));
  let query = queryPart ?? '';
  const headers: Record<string, string> = { ...(template.headers ?? {}) };
  let cookieExtra = '';
  // The body as an object we can edit, or as raw text once a mutation has made it unparseable.
  let body: unknown = template.body === undefined ? undefined : structuredClone(template.body);
  let raw: string | null = null;
  let contentType: string | null = null;
  let form = false;

  for (const m of list) {
    switch (m.kind) {
      case 'replace-body':
        body = m.value;
        raw = null;
        break;
      case 'set-field': {
        const base = body && typeof body === 'object' && !Array.isArray(body) ? { ...(body as object) } : {};
        setPath(base as Record<string, unknown>, m.path, m.value);
        body = base;
        raw = null;
        break;
      }
      case 'drop-field':
        if (body && typeof body === 'object' && !Array.isArray(body)) {
          const keys = Object.keys(body);
          if (keys.length) {
            const dropped = keys[m.index % keys.length];
            body = Object.fromEntries(Object.entries(body as Record<string, unknown>).filter(([key]) => key !== dropped));
          }
        }
        break;
      case 'pollute': {
        const own = body && typeof body === 'object' && !Array.isArray(body) ? JSON.stringify(body).slice(1, -1) : '';
        raw = own ? `${m.raw.slice(0, -1)},${own}}` : m.raw;
        break;
      }
      case 'deep-nesting':
        if (m.where === 'body') raw = nest(m.depth, m.shape);
        else {
          const own = body && typeof body === 'object' && !Array.isArray(body) ? JSON.stringify(body).slice(1, -1) : '';
          raw = `{${own ? `${own},` : ''}"nested":${nest(m.depth, m.shape)}}`;
        }
        break;
      case 'raw-body':
        raw = m.raw;
        break;
      case 'content-type':
        contentType = m.contentType;
        form = m.form;
        break;
      case 'giant-field': {
        const base = body && typeof body === 'object' && !Array.isArray(body) ? { ...(body as object) } : {};
        const keys = Object.keys(base);
        setPath(base as Record<string, unknown>, [keys[m.length % Math.max(1, keys.length)] ?? 'text'], m.char.repeat(m.length));
        body = base;
        raw = null;
        break;
      }
      case 'path-param':
        if (paramIndexes.length) segments[paramIndexes[m.index % paramIndexes.length]!] = m.segment;
        else segments.push(m.segment); // a route without parameters gets an unexpected extra segment
        break;
      case 'query': {
        const pairs = m.pairs.map(([k, v]) => `${encodeSegment(k)}=${encodeSegment(v)}`);
        query = [query, ...pairs, m.raw ?? ''].filter(Boolean).join('&');
        break;
      }
      case 'header':
        if (m.name === 'cookie-extra') cookieExtra = m.value;
        else headers[m.name] = m.value;
        break;
    }
  }

  let payload: string | undefined = raw ?? (body === undefined ? undefined : JSON.stringify(body));
  if (form && payload !== undefined && body && typeof body === 'object') {
    payload = Object.entries(body as Record<string, unknown>)
      .map(([k, v]) => `${encodeSegment(k)}=${encodeSegment(typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))}`)
      .join('&');
  }
  if (contentType !== null) headers['content-type'] = contentType;
  else if (payload !== undefined) headers['content-type'] = 'application/json';
  if (cookieExtra) headers['cookie-extra'] = cookieExtra;
  return { url: segments.join('/') + (query ? `?${query}` : ''), payload, headers };
}

/** A short, readable account of a request for failure messages. */
export function describeRequest(method: string, request: WireRequest): string {
  const cut = (s: string) => (s.length > 300 ? `${s.slice(0, 300)}… (${s.length} chars)` : s);
  return `${method} ${cut(request.url)}\nheaders: ${cut(JSON.stringify(request.headers))}\nbody: ${request.payload === undefined ? '(none)' : cut(JSON.stringify(request.payload))}`;
}
