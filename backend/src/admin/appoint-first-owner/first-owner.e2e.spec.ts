import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

import { builtEntry } from '../../../test/reliability/child-process';
import { HttpSession, totpCode } from '../../../test/support/http-session';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { runAdminCli } from '../../admin-cli';

const OWNER = { email: 'ada@owner.escrowledger.test', first: 'Ada', last: 'Lovelace' };
const PASSWORD = 'A-long-owner-passphrase-35';

/**
 * Issue 35.6: an installation starts with no user at all, and its first administrator comes from
 * the operator's one-time command, `npm run admin -- first-owner`, run here as built (as on a
 * fresh clone after `npm run build`, or in the image) against the app's database; its link is
 * then opened through the API as the browser does: a password, a second factor, the console.
 */
describe('the first administrator of a new installation', () => {
  let app: TestApp;
  const dataDir = mkdtempSync(join(tmpdir(), 'escrow-first-owner-'));
  const io = () => {
    const said = { out: [] as string[], err: [] as string[] };
    return { said, io: { out: (text: string) => said.out.push(text), err: (text: string) => said.err.push(text) } };
  };
  /** The one-time code at the end of the printed link. */
  const codeIn = (text: string): string => /^ {2}http:\/\/escrow\.example\.test\/password\/reset\/([A-Za-z0-9_-]+)$/m.exec(text)?.[1] ?? `no link in: ${text}`;

  beforeAll(async () => {
    app = await createTestApp({ publicUrl: 'http://escrow.example.test', dataDir });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts with no user, as the image and compose start it', async () => {
    expect((await app.db.pool.query('SELECT count(*)::int AS n FROM users')).rows).toEqual([{ n: 0 }]);
  });

  it('is made by the built command, which prints a single-use link; a second run for the same person voids the first link', async () => {
    const run = await promisify(execFile)(
      process.execPath,
      [builtEntry('admin-cli.js'), 'first-owner', '--email', OWNER.email, '--first-name', OWNER.first, '--last-name', OWNER.last],
      {
        env: {
          ...process.env,
          DATABASE_URL: app.db.url,
          DATABASE_MIGRATION_URL: app.database.url,
          PUBLIC_URL: 'http://escrow.example.test',
          DATA_DIR: dataDir,
          LOG_LEVEL: 'warn',
        },
      },
    );
    expect(run.stdout).toContain(`${OWNER.first} ${OWNER.last} <${OWNER.email}> is this installation's first administrator, with the owner role.`);
    const first = codeIn(run.stdout);
    const visitor = new HttpSession(app.http);
    expect(await visitor.get(`/api/auth/customer/${first}`)).toMatchObject({ status: 200, body: { email: OWNER.email } });
    // The appointment is an event, by the operator (actor 0), like every change of who may act.
    const { rows } = await app.db.pool.query(`SELECT type, data FROM events WHERE stream_id = 'administrators'`);
    expect(rows).toEqual([{ type: 'AdminRoleGranted', data: expect.objectContaining({ role: 'owner', by: 0, sessionId: null }) }]);

    const { said, io: again } = io();
    expect(await runAdminCli(['first-owner', '--email', OWNER.email, '--first-name', OWNER.first, '--last-name', OWNER.last], app.config, again)).toBe(0);
    expect(said.out.join('\n')).toContain('has not chosen a password yet: here is a new link');
    expect((await visitor.get(`/api/auth/customer/${first}`)).status).toBe(404);
    code = codeIn(said.out.join('\n'));
  });

  let code = '';

  it('lets that person choose a password, enrol a second factor and use the console as its owner; the link works once', async () => {
    const browser = new HttpSession(app.http);
    expect(await browser.put('/api/user/password/reset', { code, password: PASSWORD })).toMatchObject({ status: 200, body: { email: OWNER.email } });
    expect(await browser.put('/api/user/password/reset', { code, password: 'Another-passphrase-99' })).toMatchObject({ status: 404 });
    expect((await browser.post('/api/auth/login', { email: OWNER.email, password: PASSWORD })).body).toMatchObject({ role: 'admin', admin_role: 'owner' });
    // The console stays closed until the second factor.
    expect(await browser.get('/api/admin/users')).toMatchObject({ status: 403, body: { code: 'second_factor_required' } });
    const setup = await browser.post('/api/account/totp/setup');
    expect((await browser.post('/api/account/totp', { code: await totpCode(setup.body.secret) })).status).toBe(200);
    expect((await browser.get('/api/admin/users')).status).toBe(200);

    // From now on the password alone opens nothing.
    const later = new HttpSession(app.http);
    expect((await later.post('/api/auth/login', { email: OWNER.email, password: PASSWORD })).body).toMatchObject({ second_factor_required: true });
    await later.login(OWNER.email, PASSWORD, setup.body.secret);
    expect((await later.get('/api/admin/users')).body).toEqual(
      expect.arrayContaining([expect.objectContaining({ email: OWNER.email, role: 'admin', admin_role: 'owner' })]),
    );
  });

  it('is refused once the installation has an administrator, for anyone, and for the owner who chose a password', async () => {
    for (const email of ['someone.else@owner.escrowledger.test', OWNER.email]) {
      const { said, io: refused } = io();
      expect(await runAdminCli(['first-owner', '--email', email, '--first-name', 'Mallory', '--last-name', 'Else'], app.config, refused)).toBe(1);
      expect(said.err.join('\n')).toMatch(
        email === OWNER.email
          ? /^Refused: .* is an administrator and has chosen a password: sign in at/
          : /^Refused: This installation has an administrator already/,
      );
    }
    expect((await app.db.pool.query('SELECT count(*)::int AS n FROM users')).rows).toEqual([{ n: 1 }]);
    const { said, io: usage } = io();
    expect(await runAdminCli(['first-owner', '--email', OWNER.email], app.config, usage)).toBe(2);
    expect(said.err.join('\n')).toContain('first-owner needs --email, --first-name and --last-name.');
  });
});
