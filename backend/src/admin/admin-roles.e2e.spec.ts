import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { ModulesContainer } from '@nestjs/core';

import { createSeller, createUser, HttpSession, startSession } from '../../test/support/http-session';
import { createTestApp, type TestApp } from '../../test/support/test-app';
import { ADMIN_ROLES_KEY, type AdminRole } from '../identity';

const ALL: AdminRole[] = ['support', 'finance', 'operations', 'owner'];
const FINANCE: AdminRole[] = ['finance', 'owner'];
const OPERATIONS: AdminRole[] = ['operations', 'owner'];
const OWNER: AdminRole[] = ['owner'];

/**
 * Least privilege (docs/administrators.md): which administrator roles may call each admin route.
 * Every route under /api/admin is listed here and carries an @AdminRoles marker; a new one
 * without both fails the inventory tests below.
 */
const ADMIN_ROUTE_ROLES: Record<string, AdminRole[]> = {
  'GET /api/admin/contractor-applications': ALL,
  'POST /api/admin/contractor-applications/:id/approve': OWNER,
  'POST /api/admin/contractor-applications/:id/reject': OWNER,
  'GET /api/admin/dashboard': ALL,
  'GET /api/admin/payments': ALL,
  'GET /api/admin/reports': ALL,
  'GET /api/admin/reports/csv': ['finance', 'operations', 'owner'],
  'GET /api/admin/reports/missing-waivers': ALL,
  'GET /api/admin/projects': ALL,
  'GET /api/admin/job/:id': ALL,
  'GET /api/admin/job/:id/ledger': ALL,
  'GET /api/admin/job/:id/events': ALL,
  'GET /api/admin/job/:id/as-of': ALL,
  'GET /api/admin/job/:id/contracts': ALL,
  'GET /api/admin/users': ALL,
  'PUT /api/admin/users/:id/admin-role': OWNER,
  'POST /api/admin/users/:id/second-factors/reset': OWNER,
  'GET /api/admin/security-log': ALL,
  'GET /api/admin/companies': ALL,
  'GET /api/admin/companies/:id/bank-accounts': ALL,
  'POST /api/admin/companies/:id/payout-change/confirm': FINANCE,
  'POST /api/admin/companies/:id/payout-change/undo': FINANCE,
  'PUT /api/admin/companies/:id': OWNER,
  // Issue 37: support sees a company's team and resends or revokes its invitations.
  'GET /api/admin/companies/:companyId/team': ALL,
  'POST /api/admin/company-invitations/:invitationId/resend': ALL,
  'DELETE /api/admin/company-invitations/:invitationId': ALL,
  'GET /api/admin/disputes': ALL,
  'POST /api/admin/milestones/:id/dispute/resolve': FINANCE,
  'POST /api/admin/milestones/:id/dispute/resolution/approve': FINANCE,
  'POST /api/admin/milestones/:id/dispute/resolution/reject': FINANCE,
  'GET /api/admin/retainage-disputes': ALL,
  'POST /api/admin/job/:id/retainage/resolution/approve': FINANCE,
  'POST /api/admin/job/:id/retainage/resolution/reject': FINANCE,
  'POST /api/admin/job/:id/retainage/resolve': FINANCE,
  'GET /api/admin/projections': ALL,
  'POST /api/admin/projections/:name/rebuild': OPERATIONS,
  'GET /api/admin/projections/:name/dead-letters': ALL,
  'POST /api/admin/projections/:name/resume': OPERATIONS,
  'GET /api/admin/integrity/chain-checks': ALL,
  'POST /api/admin/integrity/chain-checks': OPERATIONS,
  'GET /api/admin/audit/signing-key': ALL,
  'GET /api/admin/audit/projects/:id/bundle': OPERATIONS,
  'GET /api/admin/audit/bundle': OPERATIONS,
};

/**
 * Routes outside /api/admin that administrators use with their role's rights (company users are
 * governed by @Access alone there): the platform's webhooks (/admin/webhooks in the console).
 */
const SHARED_ROUTE_ROLES: Record<string, AdminRole[]> = {
  'GET /api/webhooks/endpoints': ALL,
  'POST /api/webhooks/endpoints': OPERATIONS,
  'PUT /api/webhooks/endpoints/:id': OPERATIONS,
  'DELETE /api/webhooks/endpoints/:id': OPERATIONS,
  'POST /api/webhooks/endpoints/:id/rotate-secret': OPERATIONS,
  'GET /api/webhooks/endpoints/:id/deliveries': ALL,
  'GET /api/webhooks/deliveries/:deliveryId': ALL,
  'POST /api/webhooks/deliveries/:deliveryId/resend': OPERATIONS,
};
const ROUTE_ROLES = { ...ADMIN_ROUTE_ROLES, ...SHARED_ROUTE_ROLES };

const isAdminRoute = (key: string) => / \/api\/admin(\/|$)/.test(key);
/** A concrete URL for a route pattern: ids that do not exist, so an allowed caller changes nothing. */
const urlOf = (path: string) =>
  path
    .replace(/:id\b/g, '999999')
    .replace(/:name\b/g, 'no-such-projection')
    .replace(/:deliveryId\b/g, '00000000-0000-0000-0000-000000000000');

/** Each controller method of the application, with its full path and the roles its marker names (undefined: none). */
function markedHandlers(app: TestApp): Map<string, AdminRole[] | undefined> {
  const handlers = new Map<string, AdminRole[] | undefined>();
  for (const module of app.http.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as (new (...args: never[]) => object) | null;
      if (!controller) continue;
      const base = [Reflect.getMetadata(PATH_METADATA, controller) as string | string[]].flat()[0] ?? '';
      for (const name of Object.getOwnPropertyNames(controller.prototype)) {
        const handler = (controller.prototype as Record<string, unknown>)[name];
        if (typeof handler !== 'function' || name === 'constructor') continue;
        const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        const path = Reflect.getMetadata(PATH_METADATA, handler) as string | undefined;
        if (method === undefined || path === undefined) continue;
        const full = `/api/${[base, path]
          .map((p) => p.replace(/^\/|\/$/g, ''))
          .filter(Boolean)
          .join('/')}`;
        const roles = (Reflect.getMetadata(ADMIN_ROLES_KEY, handler) ?? Reflect.getMetadata(ADMIN_ROLES_KEY, controller)) as AdminRole[] | undefined;
        handlers.set(`${RequestMethod[method]} ${full}`, roles);
      }
    }
  }
  return handlers;
}

describe('administrator roles (least privilege)', () => {
  let app: TestApp;
  const admins = {} as Record<AdminRole, { userId: number; session: HttpSession }>;

  beforeAll(async () => {
    app = await createTestApp();
    for (const role of ALL) {
      const user = await createUser(app.db.pool, { role: 'admin', adminRole: role, firstName: 'Ada', lastName: `${role} admin` });
      admins[role] = { userId: user.userId, session: new HttpSession(app.http).setCookie('sid', await startSession(app.db.pool, user.userId)) };
    }
  }, 60_000);
  afterAll(() => app?.close());

  it('lists every admin route the application serves, and no other', () => {
    const served = app.routes.map((r) => `${r.method} ${r.url}`).filter(isAdminRoute);
    expect(served.filter((r) => !(r in ADMIN_ROUTE_ROLES))).toEqual([]);
    expect(Object.keys(ADMIN_ROUTE_ROLES).filter((r) => !served.includes(r))).toEqual([]);
    const all = app.routes.map((r) => `${r.method} ${r.url}`);
    expect(Object.keys(SHARED_ROUTE_ROLES).filter((r) => !all.includes(r))).toEqual([]);
  });

  it('marks every admin route with the roles that may call it', () => {
    const handlers = markedHandlers(app);
    const wrong = Object.entries(ROUTE_ROLES)
      .map(([key, roles]) => ({
        key,
        expected: [...roles].sort(),
        marked: handlers.has(key) ? [...(handlers.get(key) ?? ['(no marker)'])].sort() : ['(no handler)'],
      }))
      .filter((r) => JSON.stringify(r.expected) !== JSON.stringify(r.marked));
    expect(wrong).toEqual([]);
    const unmarked = [...handlers].filter(([key, roles]) => isAdminRoute(key) && !roles).map(([key]) => key);
    expect(unmarked).toEqual([]);
  });

  it('refuses every admin route to the roles it does not list, before it does anything, and lets the others reach it', async () => {
    const cells: string[] = [];
    for (const [key, allowed] of Object.entries(ROUTE_ROLES)) {
      const [method, path] = key.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE', string];
      for (const role of ALL) {
        // Allowed callers are only sent reads: the mutating routes get real requests in their own specs.
        if (allowed.includes(role) && method !== 'GET') continue;
        const answer = await admins[role].session.request(method, urlOf(path), method === 'GET' ? undefined : {});
        const refused = answer.status === 403 && answer.body?.code === 'admin_role';
        if (refused === allowed.includes(role)) cells.push(`${key} as ${role}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 120)}`);
        if (refused && answer.body.message !== `Your administrator role (${role}) cannot do this.`)
          cells.push(`${key} as ${role}: message ${answer.body.message}`);
      }
    }
    expect(cells).toEqual([]);
  }, 60_000);

  it('answers admin_role in GET /api/user', async () => {
    const answer = await admins.finance.session.get('/api/user');
    expect(answer.body).toMatchObject({ role: 'admin', admin_role: 'finance' });
  });

  describe('PUT /api/admin/users/:id/admin-role', () => {
    it('lets an owner change a role, recorded on the administrators stream with the actor and session; the person logs in again and the role holds', async () => {
      const person = await createUser(app.db.pool, { role: 'admin', adminRole: 'support' });
      const signedIn = async () => new HttpSession(app.http).setCookie('sid', await startSession(app.db.pool, person.userId));
      const session = await signedIn();
      expect((await session.post('/api/admin/projections/ledger/resume')).body).toMatchObject({ code: 'admin_role' });

      const answer = await admins.owner.session.put(`/api/admin/users/${person.userId}/admin-role`, { role: 'operations' });
      expect(answer).toMatchObject({ status: 200, body: { user_id: person.userId, role: 'admin', admin_role: 'operations' } });
      // Issue 35: no cookie of theirs (nor a copy of one) carries the new role: they log in again.
      expect((await session.get('/api/user')).body).toEqual({});
      const again = await signedIn();
      expect((await again.get('/api/user')).body).toMatchObject({ admin_role: 'operations' });
      expect((await again.post('/api/admin/projections/no-such-projection/resume')).body?.code).toBe('no_such_projector');

      const revoked = await admins.owner.session.put(`/api/admin/users/${person.userId}/admin-role`, { role: null });
      expect(revoked.body).toEqual({ user_id: person.userId, role: null, admin_role: null });
      expect((await again.get('/api/admin/dashboard')).status).toBe(401);
      expect((await (await signedIn()).get('/api/admin/dashboard')).status).toBe(403);

      const { rows } = await app.db.pool.query(`SELECT type, data FROM events WHERE stream_id = 'administrators' ORDER BY global_position`);
      expect(rows.filter((r) => r.data.userId === person.userId)).toEqual([
        {
          type: 'AdminRoleChanged',
          data: expect.objectContaining({ from: 'support', role: 'operations', by: admins.owner.userId, sessionId: expect.stringMatching(/^[0-9a-f]{16}$/) }),
        },
        { type: 'AdminRoleRevoked', data: expect.objectContaining({ from: 'operations', by: admins.owner.userId }) },
      ]);
    });

    it('grants a role to a user who is not an administrator, but not to a company user', async () => {
      const buyer = await createUser(app.db.pool);
      const granted = await admins.owner.session.put(`/api/admin/users/${buyer.userId}/admin-role`, { role: 'support' });
      expect(granted.body).toEqual({ user_id: buyer.userId, role: 'admin', admin_role: 'support' });
      const seller = await createSeller(app.db.pool, { name: 'Role Test Builders', services: ['Roofing'] });
      const refused = await admins.owner.session.put(`/api/admin/users/${seller.userId}/admin-role`, { role: 'support' });
      expect(refused).toMatchObject({ status: 409, body: { message: expect.stringContaining('cannot be an administrator') } });
    });

    it('renews the cookie of an owner who changes their own role, and ends their other sessions', async () => {
      const owner = await createUser(app.db.pool, { role: 'admin', adminRole: 'owner' });
      const here = new HttpSession(app.http).setCookie('sid', await startSession(app.db.pool, owner.userId));
      const copy = new HttpSession(app.http).setCookie('sid', here.cookie('sid'));
      const elsewhere = new HttpSession(app.http).setCookie('sid', await startSession(app.db.pool, owner.userId));
      expect((await here.put(`/api/admin/users/${owner.userId}/admin-role`, { role: 'finance' })).body).toMatchObject({ admin_role: 'finance' });
      expect(here.cookie('sid')).not.toBe(copy.cookie('sid'));
      expect((await here.get('/api/user')).body).toMatchObject({ user_id: owner.userId, admin_role: 'finance' });
      expect(await copy.get('/api/user')).toMatchObject({ status: 401, body: { code: 'session_rotated' } });
      expect((await elsewhere.get('/api/user')).body).toEqual({});
    });

    it('refuses to demote the last owner, the owner themselves included', async () => {
      const answer = await admins.owner.session.put(`/api/admin/users/${admins.owner.userId}/admin-role`, { role: 'finance' });
      expect(answer).toMatchObject({ status: 409, body: { message: 'You are the last owner: make another administrator an owner first.' } });
    });

    it('refuses other roles and unknown roles with a message a person can act on', async () => {
      expect((await admins.finance.session.put(`/api/admin/users/${admins.support.userId}/admin-role`, { role: 'owner' })).body).toMatchObject({
        code: 'admin_role',
        message: 'Your administrator role (finance) cannot do this.',
      });
      const bad = await admins.owner.session.put(`/api/admin/users/${admins.support.userId}/admin-role`, { role: 'root' });
      expect(bad).toMatchObject({ status: 400, body: { message: expect.stringContaining('Choose a role') } });
      expect((await admins.owner.session.put(`/api/admin/users/99999999/admin-role`, { role: 'support' })).status).toBe(404);
    });
  });
});
