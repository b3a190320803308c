import { type Browser, expect, type Locator, type Page } from '@playwright/test';

import { loginAt } from './fixtures';
import { loggedInContext } from './second-factor';

/** A browser context of its own, logged in through the login page, on /portal. */
export async function asUser(browser: Browser, email: string): Promise<Page> {
  // This worker's session of the user when it is young enough (each login spends a TOTP step).
  const context = await loggedInContext(browser, email, async (login) => {
    await loginAt(login, email);
    await expect(login).toHaveURL(/\/portal$/);
  });
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error(`[page error] ${e.message}`));
  await page.goto('/portal');
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

/**
 * Picks the company of a milestone form's payee row as a person does: types part of its name
 * and chooses the match. The search answers while the list is open; a click that lands just as
 * its options are redrawn is lost (a person then clicks again), so the choice is checked and,
 * if it did not take, made again.
 */
export async function choosePayee(page: Page, form: Locator, row: number, typed: string, company: string): Promise<void> {
  const picker = form.getByRole('combobox', { name: `Payee ${row} company` });
  await expect(async () => {
    await picker.fill(typed);
    await page.getByRole('option', { name: company }).click({ timeout: 5_000 });
    await expect(form.getByRole('group', { name: `Payee ${row}` })).toContainText(company, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

/**
 * Opens a tab and checks it opened: a click that lands while the page redraws after a load (its
 * data arriving) is lost, and a person would click again.
 */
export async function openTab(page: Page, name: string): Promise<void> {
  const tab = page.getByRole('tab', { name });
  await expect(async () => {
    await tab.click({ timeout: 5_000 });
    await expect(tab).toHaveAttribute('aria-selected', 'true', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

export async function openProject(page: Page, projectId: string): Promise<void> {
  await page.goto(`/portal/job/${projectId}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`Project #${projectId}`);
}

/** Signs the project's escrow agreement on its page, with the signer's own legal name. */
export async function signAgreement(page: Page, projectId: string, side: 'customer' | 'company', legalName: string): Promise<void> {
  await page.goto(`/portal/project-agreement/${side}/${projectId}`);
  await page.getByLabel('Type your full legal name to sign').fill(legalName);
  await page.getByRole('button', { name: 'Sign the agreement' }).click();
  await expect(page.getByRole('region', { name: 'Signatures' })).toContainText(
    // A company's signature names the member's role (issue 37); the demo sellers sign as owners.
    side === 'customer' ? `Buyer: signed by ${legalName} on` : `Seller: signed by ${legalName} (owner) on`,
  );
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
  // The link form loads when the dialog needs it: fill() waits for its fields.
  if ((await account.textContent())?.startsWith('No bank account linked yet')) {
    await dialog.getByLabel('Account holder').fill('Jordan Buyer');
    await dialog.getByLabel('Routing number').fill('011000015');
    await dialog.getByLabel('Account number').fill('000123456789');
    await link.click();
  }
  await expect(dialog).toContainText('Account ending in 6789');
  await dialog.getByRole('button', { name: `Confirm deposit of ${amount}` }).click();
  await expect(dialog).toBeHidden();
}
