import { certifierExpectation, memberExpectation, MUTATING, ROUTE_MATRIX, type RouteCase, routeKey } from './route-matrix.test-kit';
import {
  type Caller,
  CERTIFIER,
  createSecurityWorld,
  MEMBER_ROLES,
  type MemberRole,
  type Role,
  ROLE_NAMES,
  ROLES,
  type SecurityWorld,
} from './security-world.test-kit';
import { changedTables, fingerprint } from './state-fingerprint.test-kit';

/**
 * Issue 8.3, the authorization matrix: every route the application serves × every kind of
 * caller, each cell its own assertion of the exact status. The inventory comes from fastify at
 * run time, so a route added without an entry here fails the first test.
 */
describe('security: authorization matrix', () => {
  let world: SecurityWorld;

  beforeAll(async () => {
    world = await createSecurityWorld();
  }, 180_000);
  afterAll(() => world?.close());

  describe('route inventory', () => {
    it('classifies every route the application serves', () => {
      const served = world.app.routes.map(routeKey);
      const classified = new Set(ROUTE_MATRIX.map(routeKey));
      const missing = served.filter((r) => !classified.has(r));
      expect({ unclassifiedRoutes: missing }).toEqual({ unclassifiedRoutes: [] });
      expect(served.length).toBeGreaterThan(50);
    });

    it('has no entry for a route the application does not serve', () => {
      const served = new Set(world.app.routes.map(routeKey));
      expect({ staleEntries: ROUTE_MATRIX.map(routeKey).filter((r) => !served.has(r)) }).toEqual({ staleEntries: [] });
      expect(new Set(ROUTE_MATRIX.map(routeKey)).size).toBe(ROUTE_MATRIX.length);
    });

    it.each(ROUTE_MATRIX.map((c) => [routeKey(c), c] as const))('%s: its guard and the expected statuses agree', (_key, c: RouteCase) => {
      if (c.guard !== 'public') expect(c.expect.anonymous).toBe(401);
      else expect(c.expect.anonymous).not.toBe(401);
      if (c.guard === 'admin') for (const role of ROLES) if (role !== 'admin' && role !== 'anonymous') expect(c.expect[role]).toBe(403);
    });
  });

  const isMember = (role: Caller): role is MemberRole => (MEMBER_ROLES as readonly string[]).includes(role);
  // Issue 37: the seller's colleagues in every role; what each gets is worked out from the
  // permission table and the route's @MemberMay once the application runs.
  const cells = ROUTE_MATRIX.flatMap((c) => [
    ...ROLES.map((role) => [`${routeKey(c)} — ${ROLE_NAMES[role]} gets ${c.expect[role]}`, c, role as Caller] as const),
    ...MEMBER_ROLES.map((role) => [`${routeKey(c)} — ${ROLE_NAMES[role]} gets what the permission table says`, c, role as Caller] as const),
    // Issue 38: the certifier of the world's progress-billed project, on every route.
    [`${routeKey(c)} — ${ROLE_NAMES[CERTIFIER]} gets ${certifierExpectation(c)}`, c, CERTIFIER as Caller] as const,
  ]);

  it.each(cells)(
    '%s',
    async (_name, c: RouteCase, role: Caller) => {
      const member = isMember(role) ? memberExpectation(world, c, role) : null;
      const expected = member ? member.status : role === CERTIFIER ? certifierExpectation(c) : c.expect[role as Role];
      const allowed = expected >= 200 && expected < 300;
      const request = await c.request(world, role, allowed && MUTATING.includes(c.method));
      const client = await world.client(role);
      for (const [name, value] of Object.entries(request.cookies ?? {})) client.setCookie(name, value);
      const checkNothingChanges = !allowed && MUTATING.includes(c.method);
      if (checkNothingChanges) await world.quiet();
      const before = checkNothingChanges ? await fingerprint(world.app.ownerPool()) : null;

      const answer = await client.request(c.method, request.url, request.body, request.headers);

      expect({ status: answer.status, body: answer.status === expected ? 'as expected' : answer.body }).toEqual({ status: expected, body: 'as expected' });
      if (!allowed) expect(typeof answer.body?.message).toBe('string');
      if (member?.roleForbidden) expect(answer.body?.code).toBe('role_forbidden');
      if (before) expect(await changedTables(world.app.ownerPool(), before, await fingerprint(world.app.ownerPool()))).toEqual([]);
    },
    60_000,
  );
});
