import { type APIResponse, type Browser, expect } from '@playwright/test';

import { loginAt } from './fixtures';

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
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginAt(page, email);
  await expect(page).toHaveURL(/\/(portal|admin)$/);
  await page.close();
  const xsrf = async () => ({ 'X-XSRF-TOKEN': (await context.cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '' });
  return {
    get: (url) => context.request.get(url),
    post: async (url, data = {}) => context.request.post(url, { data, headers: await xsrf() }),
    put: async (url, data = {}) => context.request.put(url, { data, headers: await xsrf() }),
    close: () => context.close(),
  };
}
