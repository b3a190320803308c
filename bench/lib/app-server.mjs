// The built app (backend/dist/main.js serving frontend/dist) on a free port with its own embedded
// PostgreSQL and the demo data, and API sessions of the demo users, logged in as the login page
// does it: the XSRF-TOKEN cookie sent back as X-XSRF-TOKEN, then the authenticator code.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { generate } from 'otplib';

import { freePort, repoRoot } from './harness.mjs';

/**
 * Starts the app; resolves once /api/health answers. `stop()` ends it and removes its data.
 * `demoSecrets`: the demo logins' password and authenticator secrets the app made at its start
 * (its data folder's demo-logins.json, as `make start` prints them).
 */
export async function startApp({ log = () => undefined } = {}) {
  const main = join(repoRoot, 'backend', 'dist', 'main.js');
  if (!existsSync(main)) throw new Error('backend/dist/main.js is missing: run `npm run build` first (make bench does)');
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'escrow-bench-app-'));
  const child = spawn(process.execPath, [main], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DATABASE_MIGRATION_URL: '',
      SEED_DEMO_DATA: 'true',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk.toString()).slice(-20000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let exited = null;
  child.on('exit', (code, signal) => {
    exited = `the app exited early (code ${code}, signal ${signal}):\n${output}`;
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (exited) throw new Error(exited);
    if (Date.now() - started > 120_000) throw new Error(`the app did not answer ${baseUrl}/api/health within 120 s:\n${output}`);
    const up = await fetch(`${baseUrl}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  log(`app on ${baseUrl} (data in ${dataDir}), up in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const demoSecrets = JSON.parse(readFileSync(join(dataDir, 'demo-logins.json'), 'utf8'));
  const stop = async () => {
    if (!exited) {
      const gone = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([gone, new Promise((r) => setTimeout(r, 20_000))]);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { baseUrl, demoSecrets, stop };
}

/** A cookie jar and the calls of a logged-in user (or a visitor, before `logIn`), with the app's demo secrets. */
function apiSession(baseUrl, demoSecrets) {
  const jar = new Map();
  const keep = (response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line)) jar.delete(name);
      else jar.set(name, value);
    }
  };
  const call = async (method, path, body) => {
    if (!jar.has('XSRF-TOKEN')) keep(await fetch(`${baseUrl}/api/user`));
    const headers = {
      cookie: [...jar].map(([n, v]) => `${n}=${v}`).join('; '),
      'x-xsrf-token': jar.get('XSRF-TOKEN') ?? '',
      ...(method === 'GET' ? {} : { 'content-type': 'application/json', 'idempotency-key': randomUUID() }),
    };
    const response = await fetch(`${baseUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    keep(response);
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return text ? JSON.parse(text) : null;
  };
  return {
    get: (path) => call('GET', path),
    post: (path, body) => call('POST', path, body),
    put: (path, body) => call('PUT', path, body),
    /** The session's cookies, for a browser on baseUrl. */
    cookies: () => [...jar].map(([name, value]) => ({ name, value, url: baseUrl })),
    async logIn(email) {
      const first = await call('POST', '/api/auth/login', { email, password: demoSecrets.password });
      if (first?.user_id) return first;
      // The second step: a code of a 30-second step the server has not taken yet for this user.
      for (let attempt = 0; ; attempt++) {
        try {
          return await call('POST', '/api/auth/login/second-factor', { code: await generate({ secret: demoSecrets.totp[email] }) });
        } catch (error) {
          if (attempt >= 1) throw error;
          await new Promise((r) => setTimeout(r, (30 - ((Date.now() / 1000) % 30) + 1) * 1000));
        }
      }
    },
  };
}

/** Logged-in sessions of the demo buyer, seller and admin of the app `startApp` started. */
export async function demoSessions({ baseUrl, demoSecrets }) {
  const sessions = {};
  for (const who of ['buyer', 'seller', 'admin']) {
    sessions[who] = apiSession(baseUrl, demoSecrets);
    await sessions[who].logIn(`${who}@demo.escrowledger.test`);
  }
  return sessions;
}

/** Saguaro Build Co., the demo seller's company. */
const SELLER_COMPANY = 100;

/** The demo seller's project for the demo buyer with `count` milestones, submitted, the first two approved by both. */
export async function projectWithMilestones({ buyer, seller }, count = 5) {
  const buyerId = (await buyer.get('/api/user')).user_id;
  const { job_id: projectId } = await seller.post('/api/job/basic', {
    customer_id: buyerId,
    service: 'Kitchen remodel',
    primary_company_id: SELLER_COMPANY,
    customerInitiated: false,
  });
  const ids = [];
  for (let i = 1; i <= count; i++) {
    const { m_id } = await seller.post('/api/milestone', {
      job_id: projectId,
      title: `Stage ${i}: ${['Demolition', 'Rough plumbing', 'Electrical', 'Cabinets', 'Finishes'][(i - 1) % 5]}`,
      definition: `Stage ${i} done as drawn and inspected by the city; photos of the work attached to the milestone.`,
      payees: [{ jc_id: SELLER_COMPANY, type: 'fixed', amount: `${1000 + i * 250}.00` }],
    });
    ids.push(m_id);
  }
  await seller.put(`/api/job/${projectId}/draft`, { isDraft: false, job_id: projectId });
  for (const id of ids.slice(0, 2)) {
    await seller.post('/api/milestone/approval', { milestone_id: id, approve: true });
    await buyer.post('/api/milestone/approval', { milestone_id: id, approve: true });
  }
  return projectId;
}
