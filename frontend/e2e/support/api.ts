import { type APIResponse, type Browser, expect } from '@playwright/test';

import { loginAt } from './fixtures';
import { loggedInContext } from './second-factor';

export interface ApiSession {
  get(url: string): Promise<APIResponse>;
  post(url: string, data?: unknown): Promise<APIResponse>;
  put(url: string, data?: unknown): Promise<APIResponse>;
  close(): Promise<void>;
}

/**
 * A logged-in browser context used for API calls: it logs in through the login page, then sends
 * the XSRF-TOKEN cookie back as X-XSRF-TOKEN, as the app's axios client does.
 */
export async function apiSession(browser: Browser, email: string): Promise<ApiSession> {
  // This worker's session of the user when it is young enough (each login spends a TOTP step).
  const context = await loggedInContext(browser, email, async (page) => {
    await loginAt(page, email);
    await expect(page).toHaveURL(/\/(portal|admin)$/);
  });
  const xsrf = async () => ({ 'X-XSRF-TOKEN': (await context.cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '' });
  return {
    get: (url) => context.request.get(url),
    post: async (url, data = {}) => context.request.post(url, { data, headers: await xsrf() }),
    put: async (url, data = {}) => context.request.put(url, { data, headers: await xsrf() }),
    close: () => context.close(),
  };
}

/**
 * A new buyer account of its own, signed up through the API as the /new page does, for a test
 * whose per-account limits (password resets: 3 an hour per email) must not reach the demo users.
 */
export async function newBuyer(browser: Browser, name: string): Promise<{ email: string; password: string }> {
  const context = await browser.newContext();
  try {
    // The first answer sets the XSRF-TOKEN cookie the sign-up must send back.
    await context.request.get('/api/user');
    const xsrf = (await context.cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
    const email = `${name}-${Date.now()}@example.com`;
    const password = 'a-password-of-its-own';
    const phone = `801555${String(Date.now()).slice(-4)}`;
    const r = await context.request.post('/api/auth/signup', {
      data: { first_name: 'Test', last_name: name, phone, email, password },
      headers: { 'X-XSRF-TOKEN': xsrf },
    });
    expect(r.status(), `sign-up: ${await r.text()}`).toBe(201);
    return { email, password };
  } finally {
    await context.close();
  }
}
