import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { HttpSession } from '../../test/support/http-session';
import { createTestApp, type TestApp } from '../../test/support/test-app';
import { createApp, type RunningApp } from '../bootstrap';
import { TotpSecrets } from '../identity';
import { DEMO_LOGINS } from './demo-directory';
import { DEMO_SECRETS_FILE, type DemoSecrets, demoSecrets } from './demo-secrets';
import { seedDemoDirectory } from './demo-seed';

/** What every installation's demo logins were before issue 35: in the repository and its README. */
const PUBLIC_SECRETS: DemoSecrets = {
  password: 'Demo-pass-2026',
  totp: {
    [DEMO_LOGINS.admin]: 'ESCROWDEMOADMINAAAAAAAAAAAAAAAAA',
    [DEMO_LOGINS.buyer]: 'ESCROWDEMOBUYERAAAAAAAAAAAAAAAAA',
    [DEMO_LOGINS.seller]: 'ESCROWDEMOSELLERAAAAAAAAAAAAAAAA',
    [DEMO_LOGINS.electrician]: 'ESCROWDEMOELECTRICIANAAAAAAAAAAA',
    [DEMO_LOGINS.roofer]: 'ESCROWDEMOROOFERAAAAAAAAAAAAAAAA',
    [DEMO_LOGINS.support]: 'ESCROWDEMOSUPPORTAAAAAAAAAAAAAAA',
    [DEMO_LOGINS.finance]: 'ESCROWDEMOFINANCEAAAAAAAAAAAAAAA',
    [DEMO_LOGINS.operations]: 'ESCROWDEMOOPERATIONSAAAAAAAAAAAA',
  },
};

/** Issue 35.6: a demo installation is not a public owner login. */
describe("the demo logins' secrets", () => {
  const folders: string[] = [];
  const folder = () => {
    const dir = mkdtempSync(join(tmpdir(), 'escrow-demo-secrets-'));
    folders.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of folders) rmSync(dir, { recursive: true, force: true });
  });

  /** Whether the password and then the TOTP secret of `secrets` log `email` in. */
  const logsIn = async (app: RunningApp, email: string, secrets: DemoSecrets): Promise<boolean> => {
    const session = new HttpSession(app.app);
    const first = await session.post('/api/auth/login', { email, password: secrets.password });
    if (first.status !== 200) return false;
    return session.login(email, secrets.password, secrets.totp[email]).then(
      () => true,
      () => false,
    );
  };

  it('are made at random per installation, kept readable by its owner only, and read back from then on', () => {
    const [a, b] = [folder(), folder()];
    const first = demoSecrets(a);
    expect(first).toMatchObject({ created: true, file: join(a, DEMO_SECRETS_FILE) });
    expect(demoSecrets(a)).toEqual({ ...first, created: false });
    expect((statSync(first.file).mode & 0o777).toString(8)).toBe('600');
    const other = demoSecrets(b).secrets;
    expect(other.password).not.toBe(first.secrets.password);
    for (const email of Object.values(DEMO_LOGINS)) {
      expect(first.secrets.totp[email]).toMatch(/^[A-Z2-7]{16,}$/);
      expect(other.totp[email]).not.toBe(first.secrets.totp[email]);
    }
    expect(first.secrets.password).toMatch(/^demo-[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    expect(JSON.parse(readFileSync(first.file, 'utf8'))).toEqual(first.secrets);
  });

  it('give a login added since the first start a secret of its own, kept with the others', () => {
    const dir = folder();
    const { secrets, file } = demoSecrets(dir);
    const older = { ...secrets, totp: Object.fromEntries(Object.entries(secrets.totp).filter(([email]) => email !== DEMO_LOGINS.projectManager)) };
    writeFileSync(file, JSON.stringify(older), { mode: 0o600 });
    const completed = demoSecrets(dir).secrets;
    expect(completed.totp[DEMO_LOGINS.projectManager]).toMatch(/^[A-Z2-7]{16,}$/);
    expect(completed.totp[DEMO_LOGINS.seller]).toBe(secrets.totp[DEMO_LOGINS.seller]);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(completed);
  });

  describe('on a database', () => {
    let app: TestApp;
    let upgraded: RunningApp | null = null;
    afterAll(async () => {
      await upgraded?.close();
      await app?.close();
    });

    it("seed the demo users with this installation's secrets, not the ones the repository used to publish", async () => {
      const dataDir = folder();
      app = await createTestApp({ seedDemoData: true, dataDir, runPayments: false });
      const { secrets } = demoSecrets(dataDir);
      expect(await logsIn(app, DEMO_LOGINS.admin, PUBLIC_SECRETS)).toBe(false);
      expect(await logsIn(app, DEMO_LOGINS.admin, { password: secrets.password, totp: PUBLIC_SECRETS.totp })).toBe(false);
      expect(await logsIn(app, DEMO_LOGINS.admin, secrets)).toBe(true);
      expect(app.demoLogins).toContain(`password ${secrets.password}`);
      for (const email of Object.values(DEMO_LOGINS)) expect(app.demoLogins).toContain(secrets.totp[email]);
    });

    it('makes Saguaro Build Co. a team: its office manager (finance) and project manager log in with their own second factor (issue 37)', async () => {
      const { secrets } = demoSecrets(app.config.dataDir);
      for (const [email, role] of [
        [DEMO_LOGINS.officeManager, 'finance'],
        [DEMO_LOGINS.projectManager, 'project_manager'],
      ] as const) {
        expect(secrets.totp[email]).not.toBe(secrets.totp[DEMO_LOGINS.seller]);
        const session = new HttpSession(app.app);
        await session.login(email, secrets.password, secrets.totp[email]);
        expect((await session.get('/api/user')).body).toMatchObject({ company: { name: 'Saguaro Build Co.' }, company_role: role });
      }
    });

    it('replace the public secrets of demo users seeded by an earlier version at the next start', async () => {
      await app.db.pool.query('DELETE FROM users');
      await seedDemoDirectory(app.db.pool, app.app.get(TotpSecrets), PUBLIC_SECRETS);
      expect(await logsIn(app, DEMO_LOGINS.operations, PUBLIC_SECRETS)).toBe(true);
      // The next start of that installation, whose data folder has no demo secrets yet.
      const dataDir = folder();
      upgraded = await createApp({ ...app.config, dataDir, runProjections: false, runPayments: false }, { logger: false });
      const { secrets, created } = demoSecrets(dataDir);
      expect(created).toBe(false);
      expect(await logsIn(app, DEMO_LOGINS.operations, PUBLIC_SECRETS)).toBe(false);
      expect(await logsIn(app, DEMO_LOGINS.operations, secrets)).toBe(true);
      expect(upgraded.demoLogins).toContain(`password ${secrets.password}`);
    });
  });
});
