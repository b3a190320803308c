import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';

import { DEMO, expect, test } from './support/fixtures';
import { openTab } from './support/portal';
import { nextTotpCode } from './support/second-factor';

/**
 * Issue 8.3: script and SQL strings typed into a milestone title and a buyer's name are shown
 * as text wherever the app renders them, and never run: no dialog opens, no element they
 * describe appears. The real build's HTML carries the security headers.
 */
const BUYER_FIRST = `<img src=x onerror="alert('first')">`;
const BUYER_LAST = `<script>alert('last')</script>'; DROP TABLE users;--`;
const TITLE = `<img src=x onerror=alert(1)><script>alert(2)</script>' OR '1'='1`;
const DEFINITION = `<svg onload=alert(3)></svg><a href="javascript:alert(4)">click</a>`;

/** Calls the API as the browser context would (its cookies, the XSRF header axios sends). */
async function api(context: BrowserContext, method: 'GET' | 'POST' | 'PUT', url: string, data?: unknown) {
  const request: APIRequestContext = context.request;
  if (!(await context.cookies()).some((c) => c.name === 'XSRF-TOKEN')) await request.get('/api/user');
  const xsrf = (await context.cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value;
  const response = await request.fetch(url, { method, data, headers: { 'x-xsrf-token': xsrf } });
  if (!response.ok()) throw new Error(`${method} ${url}: ${response.status()} ${await response.text()}`);
  return response.json();
}

/** Fails the test if the page ever opens a dialog (alert, confirm, prompt). */
function watchDialogs(page: Page): string[] {
  const opened: string[] = [];
  page.on('dialog', async (dialog) => {
    opened.push(dialog.message());
    await dialog.dismiss();
  });
  return opened;
}

async function expectNothingInjected(page: Page): Promise<void> {
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  await expect(page.locator('svg[onload]')).toHaveCount(0);
  await expect(page.locator('a[href^="javascript:"]')).toHaveCount(0);
  await expect(page.locator('script', { hasText: 'alert' })).toHaveCount(0);
  expect(await page.evaluate(() => document.querySelectorAll('[onerror], [onload]').length)).toBe(0);
}

test('a hostile milestone title and buyer name render as text and run nothing', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const buyerContext = await browser.newContext({ baseURL });
  const sellerContext = await browser.newContext({ baseURL });
  const suffix = Date.now().toString().slice(-7);

  // The buyer signs up with a name made of markup; the seller starts a project for them.
  const buyer = await api(buyerContext, 'POST', '/api/auth/signup', {
    first_name: BUYER_FIRST,
    last_name: BUYER_LAST,
    phone: `480${suffix}`,
    email: `hostile-${suffix}@e2e.escrowledger.test`,
    password: 'Hostile-pass-2026',
  });
  await api(sellerContext, 'POST', '/api/auth/login', { email: DEMO.seller, password: DEMO.password });
  await api(sellerContext, 'POST', '/api/auth/login/second-factor', { code: await nextTotpCode(DEMO.seller) });
  const seller = await api(sellerContext, 'GET', '/api/user');
  const { job_id: projectId } = await api(sellerContext, 'POST', '/api/job/basic', {
    customer_id: buyer.user_id,
    customer_name: `${BUYER_FIRST} ${BUYER_LAST}`,
    service: 'General Contracting',
    primary_company_id: seller.company.company_id,
    customerInitiated: false,
  });
  await api(sellerContext, 'POST', '/api/milestone', {
    job_id: projectId,
    title: TITLE,
    definition: DEFINITION,
    payees: [{ jc_id: seller.company.company_id, type: 'fixed', amount: '100.00' }],
  });
  await api(sellerContext, 'PUT', `/api/job/${projectId}/draft`, { isDraft: false, job_id: projectId });

  for (const [who, context] of [
    ['seller', sellerContext],
    ['buyer', buyerContext],
  ] as const) {
    const page = await context.newPage();
    const dialogs = watchDialogs(page);
    await page.goto(`/portal/job/${projectId}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(`Project #${projectId}`);
    const card = page.getByRole('region', { name: TITLE });
    await expect(card, `${who} sees the title as text`).toBeVisible();
    await expect(card.locator('.el-milestone-card__title')).toHaveText(TITLE);
    await expect(page.getByText(`${BUYER_FIRST} ${BUYER_LAST}`).first(), `${who} sees the buyer's name as text`).toBeVisible();
    await expect(card.getByRole('region', { name: 'Definition' })).toContainText(DEFINITION);
    await openTab(page, 'History');
    await page.waitForTimeout(500); // give any injected handler the chance to fire
    await expectNothingInjected(page);
    expect(dialogs, `${who}: dialogs opened`).toEqual([]);
    await page.close();
  }

  // The admin console shows the same strings (users, the project, its events, payments) as text too.
  const adminContext = await browser.newContext({ baseURL });
  await api(adminContext, 'POST', '/api/auth/login', { email: DEMO.admin, password: DEMO.password });
  await api(adminContext, 'POST', '/api/auth/login/second-factor', { code: await nextTotpCode(DEMO.admin) });
  const admin = await adminContext.newPage();
  const adminDialogs = watchDialogs(admin);
  await admin.goto('/admin/users');
  await expect(admin.getByText(BUYER_LAST).first(), 'the admin sees the buyer name as text').toBeVisible();
  await expectNothingInjected(admin);
  await admin.goto(`/admin/job/${projectId}`);
  await expect(admin.getByText(TITLE).first(), 'the admin sees the milestone title as text').toBeVisible();
  for (const tab of ['Ledger', 'Events']) {
    await openTab(admin, tab);
    await admin.waitForTimeout(300);
    await expectNothingInjected(admin);
  }
  await admin.goto('/admin/projects');
  await expect(admin.getByRole('link', { name: new RegExp(`#${projectId}`) })).toBeVisible();
  await admin.waitForTimeout(500);
  await expectNothingInjected(admin);
  expect(adminDialogs, 'admin: dialogs opened').toEqual([]);

  await Promise.all([buyerContext.close(), sellerContext.close(), adminContext.close()]);
});

test('the built app is served with the security headers', async ({ page }) => {
  for (const path of ['/', '/portal/job/1']) {
    const response = await page.goto(path);
    const headers = response!.headers();
    expect(headers['content-security-policy']).toContain("script-src 'self'");
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['content-security-policy']).not.toContain('unsafe-eval');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(headers['referrer-policy']).toBe('no-referrer');
    expect(headers['x-powered-by']).toBeUndefined();
  }
  // Every script of the page comes from our own origin (nothing inline to allow).
  const scripts = await page.evaluate(() => [...document.scripts].map((s) => ({ src: s.src, inline: !s.src && s.textContent!.trim().length > 0 })));
  expect(scripts.length).toBeGreaterThan(0);
  for (const s of scripts) {
    expect(s.inline).toBe(false);
    expect(new URL(s.src).origin).toBe(new URL(page.url()).origin);
  }
});
