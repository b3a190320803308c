import { type Browser, expect, type Locator, type Page } from '@playwright/test';

import { loginAt } from './fixtures';

/** A browser context of its own, logged in through the login page, on /portal. */
export async function asUser(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error(`[page error] ${e.message}`));
  await loginAt(page, email);
  await expect(page).toHaveURL(/\/portal$/);
  return page;
}

/** The id of the draft the page creates next (other journeys reorder the project list). */
export function nextDraftId(page: Page): Promise<string> {
  return page
    .waitForResponse((r) => r.url().endsWith('/api/job/basic') && r.request().method() === 'POST' && r.ok())
    .then(async (r) => String(((await r.json()) as { job_id: number }).job_id));
}

export const card = (page: Page, title: string): Locator => page.getByRole('region', { name: title, exact: true });
export const actions = (c: Locator): Locator => c.getByRole('region', { name: 'Your Actions' });
export const label = (c: Locator): Locator => c.getByRole('status', { name: 'Version' });

export async function openProject(page: Page, jobId: string): Promise<void> {
  await page.goto(`/portal/job/${jobId}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`Project #${jobId}`);
}

/** Signs the project's escrow agreement on its page, with the signer's own legal name. */
export async function signAgreement(page: Page, jobId: string, side: 'customer' | 'company', legalName: string): Promise<void> {
  await page.goto(`/portal/project-agreement/${side}/${jobId}`);
  await page.getByLabel('Type your full legal name to sign').fill(legalName);
  await page.getByRole('button', { name: 'Sign the agreement' }).click();
  await expect(page.getByRole('region', { name: 'Signatures' })).toContainText(`${side === 'customer' ? 'Buyer' : 'Seller'}: signed by ${legalName} on`);
}

/**
 * Starts the buyer's deposit through its confirmation dialog, linking the sandbox bank account
 * (last four 6789) first when none is linked yet.
 */
export async function depositThroughDialog(page: Page, c: Locator, amount: string): Promise<void> {
  await actions(c)
    .getByRole('button', { name: `Deposit ${amount}` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Confirm your deposit' });
  await expect(dialog.getByRole('definition').nth(1)).toHaveText(amount);
  const account = dialog.getByRole('definition').nth(3);
  await expect(account).not.toHaveText('Loading your bank accounts…');
  const link = dialog.getByRole('button', { name: 'Link account' });
  if (await link.isVisible()) {
    await dialog.getByLabel('Account holder').fill('Jordan Buyer');
    await dialog.getByLabel('Routing number').fill('011000015');
    await dialog.getByLabel('Account number').fill('000123456789');
    await link.click();
  }
  await expect(dialog).toContainText('Account ending in 6789');
  await dialog.getByRole('button', { name: `Confirm deposit of ${amount}` }).click();
  await expect(dialog).toBeHidden();
}
