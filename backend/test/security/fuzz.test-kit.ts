import { ERROR_CODES, type ErrorStatus } from '@escrow/domain';
import fc from 'fast-check';

import { hashSecret, newSecret } from '../../src/identity/tokens';
import { applyMutations, describeRequest, mutations, type WireRequest } from './malformed-requests.test-kit';
import { MUTATING, rolesReaching, ROUTE_MATRIX, type RouteCase, routeKey, type RouteRequest } from './route-matrix.test-kit';
import { createSecurityWorld, type Role, type SecurityWorld, type SignedInRole } from './security-world.test-kit';
import { changedTables, type Fingerprint, fingerprint } from './state-fingerprint.test-kit';

/**
 * Issue 8.3, fuzzing: every route gets SECURITY_FUZZ_RUNS (default 200) malformed requests —
 * bodies, fields, path parameters, query strings, headers — as each caller its guard lets in.
 * None may be answered with a 5xx; a refused one (4xx) must answer the one error shape (a code
 * of the catalogue for its status, a `message` saying why, the request's id) and leave the
 * events and every mutable table exactly as they were. Runs are reproducible: each route's seed
 * is SECURITY_FUZZ_SEED plus its index in the matrix, and fast-check prints it on failure.
 */
const RUNS = Number(process.env.SECURITY_FUZZ_RUNS ?? 200);
const SEED = Number(process.env.SECURITY_FUZZ_SEED ?? 20261122);
const XSRF = 'fuzz-xsrf-token-0123456789abcdef';

/**
 * The routes of the matrix are fuzzed in two files (`fuzz-part-1.e2e.spec.ts`, `fuzz-part-2…`),
 * every other route in each, so that jest's workers share the suite's two minutes instead of
 * one worker running it alone at the end of the run. Each route keeps its seed (its index in
 * the whole matrix) and its runs; part 1 also checks that the matrix holds every route served.
 */
export function fuzzRoutes(part: 1 | 2): void {
  describe(`security: fuzzing every route (part ${part} of 2)`, () => {
    let world: SecurityWorld;
    const tokens = new Map<SignedInRole, string>();
    let address = 0;

    beforeAll(async () => {
      // The fuzz adds made-up query parameters: the API document need not name them (docs/testing.md).
      world = await createSecurityWorld({}, { madeUpQueries: true });
      for (const role of ['buyer', 'otherBuyer', 'seller', 'otherSeller', 'admin'] as const) tokens.set(role, newSecret());
    }, 180_000);
    afterAll(() => world?.close());

    /** The caller's session, put back if a run logged it out or changed the password; true when it had to be. */
    async function ensureSession(role: Role): Promise<boolean> {
      if (role === 'anonymous') return false;
      const { rowCount } = await world.app.db.pool.query(
        // Stepped up, as startSession's sessions are, so the fuzzer reaches past @StepUp into the handlers.
        `INSERT INTO sessions (token_hash, user_id, expires_at, user_agent, ip, password_at, second_factor_at)
       VALUES ($1, $2, now() + interval '1 day', 'fuzz', '127.0.0.1', now(), now()) ON CONFLICT (token_hash) DO NOTHING`,
        [hashSecret(tokens.get(role)!), world.users[role].userId],
      );
      return rowCount === 1;
    }

    /** The events appended since a fingerprint, to name in a failure: which stream, what, by whom. */
    async function newEvents(before: Fingerprint): Promise<string> {
      const { rows } = await world.app.db.pool.query<{ line: string }>(
        `SELECT stream_id || ' ' || type || ' by ' || coalesce(metadata->>'actorRole', '?') AS line FROM events WHERE global_position > $1 ORDER BY global_position`,
        [before.eventPosition],
      );
      return rows.length ? ` (new events: ${rows.map((r) => r.line).join('; ')})` : '';
    }

    /** Whether every event appended since `before` is one of these types (and at least one was). */
    async function appendedOnly(before: Fingerprint, types: readonly string[]): Promise<boolean> {
      const { rows } = await world.app.db.pool.query<{ type: string }>('SELECT type FROM events WHERE global_position > $1', [before.eventPosition]);
      return rows.length > 0 && rows.every((r) => types.includes(r.type));
    }

    async function send(role: Role, method: RouteCase['method'], request: WireRequest) {
      const { 'cookie-extra': extra, ...headers } = request.headers;
      const cookies = [`XSRF-TOKEN=${XSRF}`, ...(role === 'anonymous' ? [] : [`sid=${tokens.get(role)}`]), ...(extra ? [extra] : [])];
      address++;
      return world.app.http.inject({
        method,
        url: request.url,
        // Every run from its own address, so per-address rate limits do not end the exploration early.
        remoteAddress: `10.77.${(address >> 8) & 255}.${address & 255}`,
        headers: { ...headers, cookie: cookies.join('; '), 'x-xsrf-token': XSRF },
        ...(request.payload !== undefined ? { payload: request.payload } : {}),
      });
    }

    if (part === 1)
      it('fuzzes every route the application serves', () => {
        const fuzzed = new Set(ROUTE_MATRIX.map(routeKey));
        expect(world.app.routes.map(routeKey).filter((r) => !fuzzed.has(r))).toEqual([]);
      });

    const routes = ROUTE_MATRIX.map((c, index) => [routeKey(c), c, index] as const).filter(([, , index]) => index % 2 === part - 1);
    it.each(routes)(
      `%s: ${RUNS} malformed requests, never a 5xx, never a change when refused`,
      async (_key, c: RouteCase, index: number) => {
        await world.keepSteppedUp();
        const roles = rolesReaching(c);
        const templates = new Map<Role, RouteRequest>();
        for (const role of roles) {
          const { cookies, ...template } = await c.request(world, role, false);
          // A pending login's cookie travels as the fuzzer's extra cookie (which mutations may replace).
          const extra = Object.entries(cookies ?? {}).map(([name, value]) => `${name}=${value}`);
          templates.set(role, extra.length ? { ...template, headers: { ...template.headers, 'cookie-extra': extra.join('; ') } } : template);
        }
        await world.quiet();
        const seed = SEED + index;
        // The state as the last refused run left it; recomputed after anything that may change it.
        let known: Fingerprint | null = null;
        // The roles whose session is known to be in place: put back once, then again only after an
        // accepted run. A refused run changes no session (the fingerprint watches sessions, and a
        // change fails the run), so asking again after one would only cost a statement a run.
        const inPlace = new Set<Role>();

        await fc.assert(
          fc.asyncProperty(fc.constantFrom(...roles), mutations, async (role, list) => {
            const request = applyMutations(c.path, templates.get(role)!, list);
            if (!inPlace.has(role)) {
              if (await ensureSession(role)) known = null;
              inPlace.add(role);
            }
            if (!known) known = await fingerprint(world.app.ownerPool());
            const before = known;
            known = null;
            const answer = await send(role, c.method, request);
            // Written only for a failure: describing every request cost more than some routes' answers.
            const what = () => `as ${role}: ${describeRequest(c.method, request)}\nanswer: ${answer.statusCode} ${answer.body.slice(0, 500)}`;
            if (answer.statusCode >= 500) throw new Error(`a server error, ${what()}`);
            if (answer.statusCode >= 400) {
              const after = await fingerprint(world.app.ownerPool());
              let changed = await changedTables(world.app.ownerPool(), before, after);
              if (changed.includes('events') && c.refusalRecords && (await appendedOnly(before, c.refusalRecords)))
                changed = changed.filter((t) => t !== 'events');
              known = after;
              if (changed.length) throw new Error(`refused, yet changed ${changed.join(', ')}${await newEvents(before)}: ${what()}`);
              let body: { code?: unknown; message?: unknown; request_id?: unknown } = {};
              try {
                body = JSON.parse(answer.body);
              } catch {
                // checked below
              }
              if (typeof body.message !== 'string' || !body.message.trim()) throw new Error(`refused without a message: ${what()}`);
              const codes: Readonly<Record<string, string>> | undefined = ERROR_CODES[answer.statusCode as ErrorStatus];
              if (typeof body.code !== 'string' || !codes || !(body.code in codes))
                throw new Error(`refused without a code of the catalogue for its status: ${what()}`);
              if (body.request_id !== answer.headers['x-request-id']) throw new Error(`refused without its request id: ${what()}`);
            } else {
              // Accepted: it may have ended a session; and any payment it started must finish, so
              // that the next run's fingerprint is steady.
              inPlace.clear();
              if (MUTATING.includes(c.method)) await world.quiet();
            }
          }),
          { numRuns: RUNS, seed, endOnFailure: true },
        );
      },
      Math.max(120_000, RUNS * 1500),
    );
  });
}
