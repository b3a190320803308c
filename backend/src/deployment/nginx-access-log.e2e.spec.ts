import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

import { freePort } from '../../test/reliability/child-process';
import { secretsIn, walkPersonalRoutes, type WalkTrail } from '../../test/support/personal-data-walk';
import { createTestApp, type TestApp } from '../../test/support/test-app';
import { demoSecrets } from '../seed/demo-secrets';

const repoRoot = resolve(__dirname, '..', '..', '..');
/** Debian's nginx, unpacked into .tools by make test-tools (no daemon installed, none started), or one installed. */
const NGINX = [join(repoRoot, '.tools', 'nginx', 'usr', 'sbin', 'nginx'), '/usr/sbin/nginx'].find((file) => existsSync(file));

/**
 * deploy/nginx.conf as it is, with what only Docker has replaced: the upstream is the test's API on
 * loopback instead of Docker's DNS name (`resolve` needs nginx 1.27.3+; Debian has 1.22), the
 * port, one worker, and the log and temporary folders in the test's own folder.
 */
function adaptedConfig(dir: string, listenPort: number, apiPort: number): string {
  const original = readFileSync(join(repoRoot, 'deploy', 'nginx.conf'), 'utf8');
  const adapted = original
    .replace(/^\s*resolver .*;$/m, '')
    .replace(/server api:3000 resolve/, `server 127.0.0.1:${apiPort}`)
    .replace(/listen 80;/, `listen 127.0.0.1:${listenPort};`)
    .replace(/worker_processes auto;/, 'worker_processes 1;')
    .replaceAll('/var/log/nginx/', `${dir}/`)
    .replace(/^http \{$/m, ['http {', ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${dir}/${kind};`)].join('\n'));
  for (const [what, changed] of [
    ['upstream', adapted.includes(`127.0.0.1:${apiPort}`)],
    ['listen', adapted.includes(`127.0.0.1:${listenPort}`)],
  ] as const)
    if (!changed) throw new Error(`deploy/nginx.conf changed shape: its ${what} line was not found to adapt`);
  return adapted;
}

async function waitForPort(url: string, nginx: ChildProcess, output: () => string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (nginx.exitCode !== null) throw new Error(`nginx exited (${nginx.exitCode}):\n${output()}`);
    if (
      await fetch(url).then(
        () => true,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`nginx did not answer at ${url}:\n${output()}`);
}

/**
 * Issue 35, point 8: the compose proxy's own configuration (deploy/nginx.conf) run by a real nginx
 * in front of the API, a walk through the routes whose paths and queries carry personal data, and
 * nothing the walk sent may be in nginx's access or error log; the routes are there instead.
 */
describe('the proxy of docker-compose.yml, deploy/nginx.conf', () => {
  let app: TestApp;
  let dir: string;
  let demoDir: string;
  let nginx: ChildProcess;
  let proxy: string;
  let trail: WalkTrail;
  let stderr = '';
  const routeHeaders: Record<string, unknown> = {};
  const log = (name: string) => (existsSync(join(dir, name)) ? readFileSync(join(dir, name), 'utf8') : '');

  beforeAll(async () => {
    if (!NGINX) throw new Error("nginx is missing: make test-tools unpacks Debian's nginx into .tools/nginx (or apt-get install -y nginx)");
    // The demo's secrets are this installation's, kept in its data folder (here the test's own).
    demoDir = mkdtempSync(join(tmpdir(), 'escrow-nginx-demo-'));
    const { secrets } = demoSecrets(demoDir);
    app = await createTestApp({ seedDemoData: true, dataDir: demoDir });
    await app.http.listen({ port: 0, host: '127.0.0.1' });
    const apiPort = Number(new URL(await app.http.getUrl()).port);
    dir = mkdtempSync(join(tmpdir(), 'escrow-nginx-'));
    // Started as root, nginx's workers run as nobody and write their temporary files here.
    chmodSync(dir, 0o755);
    const port = await freePort();
    writeFileSync(join(dir, 'nginx.conf'), adaptedConfig(dir, port, apiPort));
    nginx = spawn(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'startup.log'), '-g', `daemon off; pid ${join(dir, 'nginx.pid')};`], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    nginx.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    proxy = `http://127.0.0.1:${port}`;
    await waitForPort(`${proxy}/api/health/live`, nginx, () => `${stderr}${log('startup.log')}`);

    trail = await walkPersonalRoutes(proxy, app.db.pool, secrets);
    // The UI's pages of the mailed links carry the same codes in their paths.
    const { invitation, reset } = trail.links;
    for (const path of [`/customer/new/${invitation}`, `/password/reset/${reset}?from=mail`]) await fetch(`${proxy}${path}`);
    // To loopback, a trusted proxy by default, the API names the route; to anyone else it does not.
    for (const [who, remoteAddress] of [
      ['proxy', '127.0.0.1'],
      ['stranger', '203.0.113.7'],
    ])
      routeHeaders[who] = (await app.http.inject({ method: 'GET', url: '/api/auth/invite/some-code-123', remoteAddress })).headers['x-route'];
    // A request the proxy cannot hand on (the API gone): nginx says so in its error log.
    await app.close();
    expect((await fetch(`${proxy}/api/auth/customer/${reset}`)).status).toBe(502);
    nginx.kill('SIGQUIT'); // a graceful stop: the logs are written whole
    await new Promise((r) => nginx.once('exit', r));
  }, 90_000);

  afterAll(() => {
    if (nginx?.exitCode === null) nginx.kill('SIGKILL');
    if (dir) rmSync(dir, { recursive: true, force: true });
    if (demoDir) rmSync(demoDir, { recursive: true, force: true });
  });

  it('logs each API request by its method and route template, and the rest without a path', () => {
    const lines = log('access.log').trim().split('\n');
    expect(lines.length).toBeGreaterThanOrEqual(trail.requests.length);
    const logged = lines.map((line) => /"([A-Z]+ [^"]*)"/.exec(line)?.[1]);
    expect(logged).toEqual(
      expect.arrayContaining([
        'GET /api/customer/search/phone/:phone',
        'GET /api/companies/search/:text',
        'GET /api/auth/invite/:hash',
        'GET /api/auth/customer/:code',
        'GET /api/admin/users',
        'POST /api/bank-accounts',
      ]),
    );
    // The UI's pages, and the request no API answered.
    expect(logged.filter((line) => line === 'GET -').length).toBeGreaterThanOrEqual(3);
    expect(lines.every((line) => /request_id=[0-9a-f]{32}$/.test(line))).toBe(true);
  });

  it('writes none of the emails, names, phones, account numbers, codes, tokens or search texts of the walk in its logs', () => {
    expect({ access: secretsIn(log('access.log'), trail.secrets), errors: secretsIn(log('error.log') + log('startup.log') + stderr, trail.secrets) }).toEqual({
      access: [],
      errors: [],
    });
  });

  it('keeps the route header from clients', () => {
    expect(routeHeaders).toEqual({ proxy: '/api/auth/invite/:hash', stranger: undefined });
    // What the walk's client got through the proxy.
    expect(trail.routeHeaders).toEqual([]);
  });
});
