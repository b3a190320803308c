import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { companyStreamId } from '@escrow/domain';

import { HttpSession } from '../../test/support/http-session';
import { createTestApp, type TestApp } from '../../test/support/test-app';
import { createApp, type RunningApp } from '../bootstrap';
import { DEMO_LOGINS } from './demo-directory';
import { demoSecrets } from './demo-secrets';

const TEAM = [DEMO_LOGINS.officeManager, DEMO_LOGINS.projectManager];

/**
 * Issue 37, point 7 on an installation seeded before Saguaro Build Co. was a team: `make start`
 * adds the office manager and the project manager it lacks, with this installation's password
 * and a second factor of their own, and records them once on the company's stream. Starting
 * again adds nothing.
 */
describe('the demo team on an installation seeded before it', () => {
  let app: TestApp;
  let dataDir: string;
  const restarts: RunningApp[] = [];
  const restart = async () => {
    const next = await createApp({ ...app.config, runProjections: false, runPayments: false }, { logger: false });
    restarts.push(next);
    return next;
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'escrow-demo-team-'));
    app = await createTestApp({ seedDemoData: true, dataDir, runPayments: false });
  }, 60_000);
  afterAll(async () => {
    for (const next of restarts) await next.close();
    await app?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("adds the missing members at the next start, once, each with their own second factor, and records them once on the company's stream", async () => {
    const pool = app.db.pool;
    const { secrets } = demoSecrets(dataDir);
    // The installation as an earlier version left it: the owner alone, and a company stream that
    // already names its members (the owner changed the signing policy since).
    await pool.query('DELETE FROM users WHERE email = ANY($1)', [TEAM]);
    const owner = new HttpSession(app.app);
    await owner.login(DEMO_LOGINS.seller, secrets.password, secrets.totp[DEMO_LOGINS.seller]);
    const changed = await owner.put('/api/company/signing-policy', { signing_policy: 'owner_and_project_managers' });
    expect(changed.status).toBe(200);
    const { rows: sellers } = await pool.query<{ company_id: number }>('SELECT company_id FROM users WHERE email = $1', [DEMO_LOGINS.seller]);
    const companyId = sellers[0]!.company_id;
    const streamOf = async () =>
      (
        await pool.query<{ type: string; user_id: string | null; role: string | null }>(
          `SELECT type, data->>'userId' AS user_id, data->>'role' AS role FROM events WHERE stream_id = $1 ORDER BY global_position`,
          [companyStreamId(companyId)],
        )
      ).rows;
    const before = await streamOf();
    expect(before.map((e) => e.type)).toEqual(['MemberJoined', 'SigningPolicyChanged']);

    const upgraded = await restart();
    const members = async () =>
      (
        await pool.query<{ user_id: number; email: string; company_id: number; company_role: string }>(
          'SELECT user_id, email, company_id, company_role FROM users WHERE email = ANY($1) ORDER BY email',
          [TEAM],
        )
      ).rows;
    const added = await members();
    expect(added.map(({ email, company_id, company_role }) => ({ email, company_id, company_role }))).toEqual([
      { email: DEMO_LOGINS.officeManager, company_id: companyId, company_role: 'finance' },
      { email: DEMO_LOGINS.projectManager, company_id: companyId, company_role: 'project_manager' },
    ]);
    for (const [email, role] of [
      [DEMO_LOGINS.officeManager, 'finance'],
      [DEMO_LOGINS.projectManager, 'project_manager'],
    ] as const) {
      const password = await new HttpSession(upgraded.app).post('/api/auth/login', { email, password: secrets.password });
      expect(password.body).toMatchObject({ second_factor_required: true });
      const signedIn = new HttpSession(upgraded.app);
      await signedIn.login(email, secrets.password, secrets.totp[email]);
      expect((await signedIn.get('/api/user')).body).toMatchObject({ company: { name: 'Saguaro Build Co.' }, company_role: role });
    }
    expect(upgraded.demoLogins).toContain(DEMO_LOGINS.projectManager);
    const recorded = await streamOf();
    expect(recorded.slice(before.length)).toEqual(
      added.map((m) => ({ type: 'MemberJoined', user_id: String(m.user_id), role: m.company_role })).sort((a, b) => Number(a.user_id) - Number(b.user_id)),
    );

    // Starting again adds no user and appends nothing.
    await restart();
    expect(await members()).toEqual(added);
    expect(await streamOf()).toEqual(recorded);
  }, 120_000);
});
