import type { HttpSession } from '../support/http-session';
import { allowedRole, MUTATING, ROUTE_MATRIX, type RouteCase, routeKey, type RouteRequest } from './route-matrix.test-kit';
import { createSecurityWorld, type SecurityWorld } from './security-world.test-kit';
import { changedTables, fingerprint } from './state-fingerprint.test-kit';

const CSRF_MESSAGE = 'Missing or invalid CSRF token. Reload the page and try again.';

/** Ways a forged cross-site request can look: the browser sends our cookies, the page cannot read them. */
const FORGERIES: Record<string, (client: HttpSession, c: RouteCase, request: RouteRequest) => ReturnType<HttpSession['request']>> = {
  'without the X-XSRF-TOKEN header': (client, c, r) => client.request(c.method, r.url, r.body, r.headers, { withoutCsrf: true }),
  'with a header that does not match the cookie': (client, c, r) =>
    client.request(c.method, r.url, r.body, { ...r.headers, 'x-xsrf-token': 'forged-0123456789abcdefghijklmnop' }),
  'with the header but without the XSRF-TOKEN cookie': (client, c, r) => {
    const token = client.cookie('XSRF-TOKEN')!;
    client.setCookie('XSRF-TOKEN', undefined);
    return client.request(c.method, r.url, r.body, { ...r.headers, 'x-xsrf-token': token }, { withoutCsrf: true });
  },
};

/**
 * Issue 8.3, CSRF: every mutating route the application serves, login, logout and sign-up
 * included (a forged login would sign the victim into the attacker's account), refuses a
 * request whose X-XSRF-TOKEN header does not echo the XSRF-TOKEN cookie, and changes nothing.
 * The same request with the token then succeeds, so the refusal is the CSRF check's doing.
 */
describe('security: CSRF on every mutating route', () => {
  let world: SecurityWorld;

  beforeAll(async () => {
    world = await createSecurityWorld();
  }, 180_000);
  afterAll(() => world?.close());

  it('covers every mutating route the application serves', () => {
    const served = world.app.routes.filter((r) => MUTATING.includes(r.method as never)).map(routeKey);
    const covered = ROUTE_MATRIX.filter((c) => MUTATING.includes(c.method)).map(routeKey);
    expect(served.length).toBeGreaterThan(20);
    expect(served.filter((r) => !covered.includes(r))).toEqual([]);
  });

  const cases = ROUTE_MATRIX.filter((c) => MUTATING.includes(c.method)).flatMap((c) =>
    Object.keys(FORGERIES).map((forgery) => [`${routeKey(c)} refuses a request ${forgery}`, c, forgery] as const),
  );

  it.each(cases)(
    '%s',
    async (_name, c: RouteCase, forgery: string) => {
      const role = allowedRole(c);
      const request = await c.request(world, role, true);
      const client = await world.client(role);
      for (const [name, value] of Object.entries(request.cookies ?? {})) client.setCookie(name, value);
      await client.get('/api/user'); // the page's first load hands out the XSRF-TOKEN cookie
      await world.quiet();
      const before = await fingerprint(world.app.ownerPool());

      const forged = await FORGERIES[forgery]!(client, c, request);
      expect({ status: forged.status, body: forged.body }).toEqual({
        status: 403,
        body: { statusCode: 403, code: 'csrf_token_invalid', message: CSRF_MESSAGE, request_id: forged.headers['x-request-id'] },
      });
      expect(await changedTables(world.app.ownerPool(), before, await fingerprint(world.app.ownerPool()))).toEqual([]);

      const genuine = await client.request(c.method, request.url, request.body, request.headers);
      expect({ status: genuine.status, body: genuine.status === c.expect[role] ? 'as expected' : genuine.body }).toEqual({
        status: c.expect[role],
        body: 'as expected',
      });
    },
    60_000,
  );
});
