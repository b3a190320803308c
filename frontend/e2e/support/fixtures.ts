import { expect, type Page, test as base } from '@playwright/test';

import { demoSecrets } from './demo-secrets';
import { answerSecondFactor } from './second-factor';

export const DEMO = {
  /** This server's demo password (its data folder's, see demo-secrets.ts). */
  get password(): string {
    return demoSecrets().password;
  },
  admin: 'admin@demo.escrowledger.test',
  buyer: 'buyer@demo.escrowledger.test',
  seller: 'seller@demo.escrowledger.test',
  /** Saguaro Build Co.'s team beside its owner (issue 37): Morgan Office (finance), Casey Foreman (project manager). */
  officeManager: 'office@demo.escrowledger.test',
  projectManager: 'pm@demo.escrowledger.test',
  /** Subcontractor users (Desert Current Electric: Dana Sparks; Mesa Ridge Roofing: Riley Ridge). */
  electrician: 'electric@demo.escrowledger.test',
  roofer: 'roofing@demo.escrowledger.test',
};

/**
 * Every page must run without console errors; a test fails if one appears. Chromium also logs
 * every 4xx answer as "Failed to load resource": those are the API's expected refusals (a wrong
 * password is a 401) and are left out here; the page-by-page test checks that plain page loads
 * get no error answers at all.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && !/Failed to load resource: the server responded with a status of 4\d\d/.test(message.text()))
          errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** The header's login modal; the second step (a code of the user's authenticator app) when the form asks for it. */
export async function loginThroughModal(page: Page, email: string, password: string): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log in to Escrow Ledger' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill(password);
  const from = new URL(page.url()).pathname;
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await answerSecondFactor(page, dialog, email, from);
}

/** The login page; the second step (a code of the user's authenticator app) when the form asks for it. */
export async function loginAt(page: Page, email: string, password = DEMO.password): Promise<void> {
  await page.goto('/login');
  await submitLoginPage(page, email, password);
}

/** Fills and sends the login page's form (already open, e.g. after the login wall), then its second step. */
export async function submitLoginPage(page: Page, email: string, password = DEMO.password): Promise<void> {
  const main = page.getByRole('main');
  await main.getByLabel('Email').fill(email);
  await main.getByLabel('Password').fill(password);
  const from = new URL(page.url()).pathname;
  await main.getByRole('button', { name: 'Log in' }).click();
  await answerSecondFactor(page, main, email, from);
}
