import { type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { generate } from 'otplib';

import { query } from './db';
import { demoSecrets } from './demo-secrets';
import { e2eEnvironment } from './environment';

/** A user's key in this worker's memory: the email as the login form sends it (no spaces, lower case). */
const keyOf = (email: string): string => email.replace(/\s+/g, '').toLowerCase();

/** Secrets of authenticator apps the journeys enrolled themselves; the demo users' come from their server (demo-secrets.ts). */
const secrets = new Map<string, string>();

/** Remembers the secret of an authenticator app a journey enrolled (read from the security page). */
export function rememberTotpSecret(email: string, secret: string): void {
  secrets.set(keyOf(email), secret.replace(/\s/g, ''));
}

function totpSecretOf(email: string): string {
  const secret = secrets.get(keyOf(email)) ?? demoSecrets().totp[keyOf(email)];
  if (!secret) throw new Error(`no TOTP secret known for ${email}: not a demo user; rememberTotpSecret() the one the journey enrolled`);
  return secret;
}

const STEP_SECONDS = 30;

/**
 * A code the server accepts now for `email`: a time step within its ±1 tolerance, newer than
 * the last step the server took for that user (`user_totp.last_used_step`, read from this
 * worker's own database, so a worker that restarted after a failed test knows it too). The step
 * before the current one is used while at least 3 s of the current step remain, so three logins
 * of one user fit in a 30 s step. When all three are spent, the worker waits if the next step
 * begins within 5 s; otherwise it rewinds the server's memory of the user's last step rather
 * than wait up to 30 s: the journeys log the demo users in dozens of times (login-wall.spec.ts:
 * 30 logins, 16 of them the admin's), and the refusal of a used step is tested where it is
 * built (backend/src/identity/second-factors.e2e.spec.ts).
 */
export async function nextTotpCode(email: string): Promise<string> {
  const key = keyOf(email);
  const secret = totpSecretOf(key);
  const userOf = `(SELECT user_id FROM users WHERE lower(email) = $1)`;
  for (;;) {
    const nowSeconds = Date.now() / 1000;
    const now = Math.floor(nowSeconds / STEP_SECONDS);
    const remaining = (now + 1) * STEP_SECONDS - nowSeconds;
    const earliest = remaining >= 3 ? now - 1 : now;
    const [row] = await query<{ last: string | null }>(`SELECT last_used_step::text AS last FROM user_totp WHERE user_id = ${userOf}`, [key]);
    const used = row?.last === null || row?.last === undefined ? -Infinity : Number(row.last);
    const step = Math.max(earliest, used + 1);
    if (step <= now + 1) return generate({ secret, epoch: step * STEP_SECONDS });
    if (remaining <= 5) {
      await new Promise((resolve) => setTimeout(resolve, remaining * 1000 + 200));
      continue;
    }
    await query(`UPDATE user_totp SET last_used_step = $2 WHERE user_id = ${userOf}`, [key, earliest - 1]);
  }
}

/**
 * After "Log in" was clicked in `scope` (the login page's main, or the login modal) on the page
 * at path `from`: when the form asks for the second factor, enters the next code of the user's
 * authenticator app. Returns whether it was asked. A login that fails (wrong password) or needs
 * no second factor (the page leaves `from`) returns false as soon as that shows.
 */
export async function answerSecondFactor(page: Page, scope: Locator, email: string, from: string): Promise<boolean> {
  if (!(await secondFactorAsked(page, scope, from))) return false;
  await scope.getByLabel('Authentication code').fill(await nextTotpCode(email));
  await scope.getByRole('button', { name: 'Verify' }).click();
  return true;
}

/** Whether the login form in `scope` asks for the second factor (false once the page leaves `from` or a login error shows). */
export async function secondFactorAsked(page: Page, scope: Locator, from: string): Promise<boolean> {
  const field = scope.getByLabel('Authentication code');
  return Promise.race([
    field.waitFor({ state: 'visible', timeout: 15_000 }).then(
      () => true,
      () => false,
    ),
    page
      .waitForURL((url) => url.pathname !== from, { timeout: 15_000 })
      .then(
        () => false,
        () => false,
      ),
    scope
      .getByTestId(/^login(-modal)?-(email|password)-error$/)
      .waitFor({ state: 'visible', timeout: 15_000 })
      .then(
        () => false,
        () => false,
      ),
  ]);
}

// The step-up window is 10 minutes, and a journey's last money step (the buyer's Mark Complete or
// retainage approval, issue 35) can come a few minutes after it took its session.
const STATE_MAX_AGE_MS = 6 * 60_000;
type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;
/** This worker's logged-in sessions by user (the cookies), with when they logged in. */
const sessions = new Map<string, { state: StorageState; at: number }>();

/**
 * A browser context logged in as `email`, reusing this worker's session of that user when it is
 * younger than 6 minutes (STATE_MAX_AGE_MS) and still signed in; otherwise `login` logs
 * in on a page of a new context and its cookies are kept for the next caller. For journeys that
 * do not test logging in itself: each login spends a TOTP time step.
 */
export async function loggedInContext(browser: Browser, email: string, login: (page: Page) => Promise<void>): Promise<BrowserContext> {
  const key = keyOf(email);
  const kept = sessions.get(key);
  if (kept && Date.now() - kept.at < STATE_MAX_AGE_MS) {
    const context = await browser.newContext({ storageState: kept.state });
    const user = (await (await context.request.get('/api/user')).json()) as { user_id?: number };
    if (user.user_id) return context;
    await context.close();
    sessions.delete(key);
  }
  const context = await browser.newContext();
  const page = await context.newPage();
  const at = Date.now();
  await login(page);
  await page.close();
  sessions.set(key, { state: await context.storageState(), at });
  return context;
}

/**
 * The worker's server under the name `localhost`: WebAuthn refuses an IP address as the relying
 * party, and the server's PUBLIC_URL (its passkeys' relying party and origin) is http://localhost:<port>.
 */
export const passkeyBaseUrl = (): string => e2eEnvironment().baseUrl.replace('127.0.0.1', 'localhost');

/** Chromium's virtual authenticator (DevTools protocol, WebAuthn domain): a platform passkey with user verification. */
export async function addVirtualAuthenticator(page: Page): Promise<{ credentials: () => Promise<unknown[]> }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials };
}
