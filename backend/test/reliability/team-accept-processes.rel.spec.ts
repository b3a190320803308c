import type { Pool } from 'pg';

import type { TestDatabase } from '../../../testing/test-database';
import { createSeller, createUser, TEST_PASSWORD } from '../support/http-session';
import { createMigratedTestDatabase } from '../support/test-app';
import { checkerPool } from './checker-pool';
import type { ChildRun } from './child-process';
import { ApiClient } from './http-client';
import { startApi } from './test-servers';

/**
 * Issue 37 (docs/teams.md, "Membership is event sourced, and holds at once"): one person accepting two companies' invitations at the
 * same instant joins one company. Within a process the accepts queue; across API processes behind
 * a proxy only the advisory lock on the address keeps them one after the other. Two built API
 * processes, each accept sent to its own, round after round.
 */
describe('two invitations of one person accepted at once on two API processes', () => {
  let database: TestDatabase;
  let pool: Pool;
  const apis: ChildRun[] = [];

  afterAll(async () => {
    for (const api of apis) await api.kill();
    await pool?.end();
    await database?.drop();
  });

  it('lets one accept through and refuses the other as a member elsewhere', async () => {
    database = await createMigratedTestDatabase();
    pool = checkerPool(database.url, 2);
    const baseUrls: string[] = [];
    for (let i = 0; i < 2; i++) {
      const api = await startApi(database.url);
      apis.push(api.run);
      baseUrls.push(api.baseUrl);
    }
    const membersOf = async (companyId: number) =>
      (
        await pool.query<{ user_id: number }>(`SELECT (data->>'userId')::int AS user_id FROM events WHERE stream_id = $1 AND type = 'MemberJoined'`, [
          `company-${companyId}`,
        ])
      ).rows.map((r) => r.user_id);
    for (let round = 0; round < 4; round++) {
      const companies = [await createSeller(pool, { name: `Across A ${round}` }), await createSeller(pool, { name: `Across B ${round}` })];
      const person = await createUser(pool, {});
      for (const company of companies) {
        const owner = new ApiClient(baseUrls[0]!);
        await owner.login(company.email, TEST_PASSWORD);
        expect((await owner.request('POST', '/api/company/invitations', { email: person.email, role: 'owner' })).status).toBe(201);
      }
      const { rows: mails } = await pool.query<{ body: string }>(`SELECT body FROM mail_outbox WHERE recipient = $1 ORDER BY mail_id`, [person.email]);
      const codes = mails.map((m) => /\/team\/join\/([A-Za-z0-9_-]+)/.exec(m.body)?.[1]).filter((c): c is string => !!c);
      expect(codes).toHaveLength(2);
      // The person signed in on two devices, each behind the proxy on its own process.
      const devices = baseUrls.map((url) => new ApiClient(url));
      for (const device of devices) await device.login(person.email, TEST_PASSWORD);
      const answers = await Promise.all(codes.map((code, i) => devices[i]!.request('POST', `/api/team-invitations/${code}/accept`, {})));
      expect({ round, statuses: answers.map((r) => r.status).sort() }).toEqual({ round, statuses: [200, 409] });
      expect(answers.find((r) => r.status === 409)!.body.code).toBe('member_elsewhere');
      const joined = [await membersOf(companies[0]!.companyId), await membersOf(companies[1]!.companyId)].map((ids) => ids.includes(person.userId));
      expect(joined.filter(Boolean)).toHaveLength(1);
      const { rows } = await pool.query<{ company_id: number }>('SELECT company_id FROM users WHERE user_id = $1', [person.userId]);
      expect(rows[0]!.company_id).toBe(companies[joined[0] ? 0 : 1]!.companyId);
    }
  }, 300_000);
});
