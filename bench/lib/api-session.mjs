// A user's session with the API as the portal holds it: the sid cookie and the CSRF token pair,
// logged in with the password and the authenticator's code, and stepped up again with a fresh
// code when money is about to move and the step-up window is running out (issue 35: a deposit
// needs a second factor checked within STEP_UP_WINDOW).
import { createRequire } from 'node:module';
import { join } from 'node:path';

import { repoRoot } from './harness.mjs';

const TOTP_STEP_MS = 30_000;

function keepCookies(response, jar) {
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const at = pair.indexOf('=');
    jar.set(pair.slice(0, at), pair.slice(at + 1));
  }
}

/** The last 30-second step whose code each secret gave, across every session of this run. */
const lastSteps = new Map();

/**
 * The user's TOTP codes. The server takes each 30-second step once per user (a replayed code is
 * refused), so a second code waits for the next step, as a person waits for the next code.
 */
function authenticator(secret) {
  const { generate } = createRequire(join(repoRoot, 'backend', 'package.json'))('otplib');
  return async () => {
    for (;;) {
      const step = Math.floor(Date.now() / TOTP_STEP_MS);
      if (step > (lastSteps.get(secret) ?? -1)) {
        lastSteps.set(secret, step);
        return generate({ secret });
      }
      await new Promise((r) => setTimeout(r, (step + 1) * TOTP_STEP_MS - Date.now() + 200));
    }
  };
}

/**
 * Logs `email` in with the generated ledger's demo secrets (`secrets`: the password and each demo
 * user's authenticator secret). `headers` are what every request of the session sends; `request`
 * sends one and answers { status, body }; `ensureSteppedUp(seconds)` steps the session up again
 * unless its step-up lasts at least that much longer.
 */
export async function logIn(base, email, secrets) {
  const jar = new Map();
  const headers = {};
  const refresh = () => {
    headers.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    headers['x-xsrf-token'] = jar.get('XSRF-TOKEN') ?? '';
  };
  const request = async (method, path, body) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    keepCookies(response, jar);
    refresh();
    const text = await response.text();
    let parsed = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: kept as text
    }
    return { status: response.status, body: parsed };
  };
  const must = async (method, path, body) => {
    const answer = await request(method, path, body);
    if (answer.status < 200 || answer.status >= 300) throw new Error(`${email}: ${method} ${path} answered ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body;
  };
  keepCookies(await fetch(`${base}/api/user`), jar);
  refresh();
  const code = authenticator(secrets.totp[email]);
  const first = await must('POST', '/api/auth/login', { email, password: secrets.password });
  if (first.second_factor_required) await must('POST', '/api/auth/login/second-factor', { code: await code() });
  let user = await must('GET', '/api/user');
  return {
    headers,
    request,
    must,
    get user() {
      return user;
    },
    async ensureSteppedUp(seconds) {
      const until = user.security?.stepped_up_until ? Date.parse(user.security.stepped_up_until) : 0;
      if (until - Date.now() >= seconds * 1000) return;
      await must('POST', '/api/auth/step-up', { code: await code() });
      user = await must('GET', '/api/user');
    },
  };
}
