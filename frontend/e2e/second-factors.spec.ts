import { createHash } from 'node:crypto';

import { type Page } from '@playwright/test';

import { newBuyer } from './support/api';
import { checkA11y } from './support/axe';
import { lastMailTo, query } from './support/db';
import { DEMO, expect, loginAt, submitLoginPage, test } from './support/fixtures';
import { actions, card, openProject } from './support/portal';
import { approvedProject } from './support/projects';
import { addVirtualAuthenticator, nextTotpCode, passkeyBaseUrl, rememberTotpSecret } from './support/second-factor';

/** Issue 25 in the browser: TOTP and recovery codes, passkeys (Chromium's virtual authenticator), step-up in place, the closed console. */

const SECURITY = '/portal/account/security';

async function logout(page: Page): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Login' })).toBeVisible();
}

/** The password step of the login page, stopping where the form asks for the second factor. */
async function passwordStep(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByRole('main').getByLabel('Email').fill(email);
  await page.getByRole('main').getByLabel('Password').fill(password);
  await page.getByRole('main').getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('main').getByText('Enter the 6-digit code from your authenticator app.')).toBeVisible();
}

/** Sets up the authenticator app on the security page; returns the recovery codes it showed once. */
async function enrolTotp(page: Page, email: string, axe = false): Promise<string[]> {
  await page.goto(SECURITY);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign-in and security');
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  await expect(page.getByRole('img', { name: 'QR code that adds Escrow Ledger to your authenticator app' })).toBeVisible();
  if (axe) await checkA11y(page, 'the security page: the authenticator app enrolment');
  const secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
  expect(secret).toMatch(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
  rememberTotpSecret(email, secret);
  await page
    .getByTestId('totp-enrolment')
    .getByLabel('Authentication code')
    .fill(await nextTotpCode(email));
  await page.getByRole('button', { name: 'Turn on' }).click();
  const panel = page.getByTestId('recovery-codes');
  await expect(panel.getByRole('heading', { name: 'Save your recovery codes' })).toBeVisible();
  const codes = await panel.getByRole('listitem').allTextContents();
  expect(codes).toHaveLength(10);
  if (axe) await checkA11y(page, 'the security page: the recovery codes, shown once');
  await panel.getByRole('button', { name: 'I saved them' }).click();
  await expect(page.getByRole('button', { name: 'Remove authenticator app' })).toBeVisible();
  return codes;
}

test('a new buyer sets up an authenticator app, then logs in with a code and with a recovery code', async ({ page, browser }) => {
  const buyer = await newBuyer(browser, 'totp');
  await loginAt(page, buyer.email, buyer.password);
  await expect(page).toHaveURL(/\/portal$/);
  // The link of the verification mail verifies the address.
  const link = /\/verify-email\/[A-Za-z0-9_-]+/.exec(await lastMailTo(buyer.email, '/verify-email/'))![0];
  await page.goto(link);
  await expect(page.getByRole('main').getByText('Your email address is verified.')).toBeVisible();
  await page.goto('/verify-email/not-a-code');
  await expect(page.getByRole('main').getByRole('alert')).toBeVisible();
  await checkA11y(page, 'a verification link that does not work');
  const codes = await enrolTotp(page, buyer.email, true);
  await expect(page.getByTestId('recovery-codes-left')).toHaveText(/^10 recovery codes left\./);
  await logout(page);

  // The password alone is no longer enough: the same form asks for the code; a wrong one is refused under the field.
  await passwordStep(page, buyer.email, buyer.password);
  const main = page.getByRole('main');
  await expect(main.getByLabel('Authentication code')).toHaveAttribute('autocomplete', 'one-time-code');
  await main.getByLabel('Authentication code').fill('000000');
  await main.getByRole('button', { name: 'Verify' }).click();
  await expect(main.getByTestId('login-code-error')).toBeVisible();
  await checkA11y(page, 'the login page: the second step with a wrong code');
  await main.getByLabel('Authentication code').fill(await nextTotpCode(buyer.email));
  await main.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/portal$/);
  await logout(page);

  // A recovery code signs in once.
  await passwordStep(page, buyer.email, buyer.password);
  await main.getByRole('button', { name: 'Use a recovery code' }).click();
  await main.getByLabel('Recovery code').fill(codes[0]!);
  await main.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/portal$/);
  await page.goto(SECURITY);
  await expect(page.getByTestId('recovery-codes-left')).toHaveText(/^9 recovery codes left\./);
  // The security log shows the logins of this account.
  await expect(page.getByRole('table', { name: 'Security log' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Active sessions' }).getByText('This browser')).toBeVisible();
});

test.describe('passkeys (on http://localhost: WebAuthn takes no IP address)', () => {
  test.use({ baseURL: passkeyBaseUrl() });

  test("a passkey made in Chromium's virtual authenticator signs in without the password", async ({ page, browser }) => {
    const authenticator = await addVirtualAuthenticator(page);
    const buyer = await newBuyer(browser, 'passkey');
    await loginAt(page, buyer.email, buyer.password);
    await expect(page).toHaveURL(/\/portal$/);
    await page.goto(SECURITY);
    await page.getByLabel('Passkey name').fill('Test laptop');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    const saved = page.getByTestId('recovery-codes').getByRole('button', { name: 'I saved them' });
    const passkeys = page.getByRole('table', { name: 'Your passkeys' });
    await expect(passkeys.getByText('Test laptop', { exact: true }).or(saved).first()).toBeVisible();
    if (await saved.isVisible()) await saved.click();
    await expect(passkeys.getByText('Test laptop', { exact: true })).toBeVisible();
    expect(await authenticator.credentials()).toHaveLength(1);
    await logout(page);

    await page.goto('/login');
    await page.getByRole('main').getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(page).toHaveURL(/\/portal$/);
    await page.goto(SECURITY);
    await expect(passkeys.getByRole('row', { name: /Test laptop/ })).not.toContainText('Not yet');
  });

  test("a passkey added with a copied cookie is mailed at once; the mail's link removes it and ends every session, and the reset lists what was added lately", async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const owner = await newBuyer(browser, 'not-me');
    await loginAt(page, owner.email, owner.password);
    await expect(page).toHaveURL(/\/portal$/);
    await enrolTotp(page, owner.email);

    // Another browser with the owner's session cookie, copied inside its step-up window, adds a passkey of its own.
    const thiefContext = await browser.newContext({ baseURL: passkeyBaseUrl() });
    await thiefContext.addCookies((await page.context().cookies()).filter((c) => c.name === 'sid'));
    const thief = await thiefContext.newPage();
    await addVirtualAuthenticator(thief);
    await thief.goto(SECURITY);
    await thief.getByLabel('Passkey name').fill('Not yours');
    await thief.getByRole('button', { name: 'Add a passkey' }).click();
    await expect(thief.getByRole('table', { name: 'Your passkeys' }).getByText('Not yours', { exact: true })).toBeVisible();

    // The owner's mail, at once; its link asks before it acts (a mail scanner opening it changes nothing).
    const link = /\/not-me\/[A-Za-z0-9_-]+/.exec(await lastMailTo(owner.email, 'A passkey named "Not yours" was added'))![0];
    await page.goto(link);
    const main = page.getByRole('main');
    await expect(main.getByText(/A passkey named "Not yours" was added to your Escrow Ledger account/)).toBeVisible();
    await checkA11y(page, 'the page of a mail\'s "this wasn\'t me" link');
    await main.getByRole('button', { name: "It wasn't me: remove it and sign out everywhere" }).click();
    await expect(main.getByText(/The passkey "Not yours" was removed and every session of your account has ended/)).toBeVisible();
    expect(await query('SELECT 1 FROM passkeys p JOIN users u USING (user_id) WHERE u.email = $1', [owner.email])).toHaveLength(0);

    // Every session ended: the thief's and the owner's.
    await thief.goto(SECURITY);
    await expect(thief).toHaveURL(/\/login\?next=/);
    await thiefContext.close();
    await page.goto(SECURITY);
    await expect(page).toHaveURL(/\/login\?next=/);

    // The password (which the thief may know) opens nothing until a new one is chosen from the mailbox.
    await main.getByLabel('Email').fill(owner.email);
    await main.getByLabel('Password').fill(owner.password);
    await main.getByRole('button', { name: 'Log in' }).click();
    await expect(main.getByText(/For your safety, choose a new password before you log in/)).toBeVisible();
    await page.goto(/\/password\/reset\/[A-Za-z0-9_-]+/.exec(await lastMailTo(owner.email, 'Choose one here within the hour'))![0]);
    await page.getByLabel('New password', { exact: true }).fill('a-brand-new-password');
    await page.getByLabel('Repeat the new password').fill('a-brand-new-password');
    await page.getByRole('button', { name: 'Save the new password' }).click();

    // The login with the new password and the app leads to the factors added in the last 30 days, each with Remove.
    await expect(page).toHaveURL(/\/login\?next=%2Fportal%2Faccount%2Fsecurity%3Freview%3Drecent-factors$/);
    await submitLoginPage(page, owner.email, 'a-brand-new-password');
    await expect(page).toHaveURL(/\/portal\/account\/security\?review=recent-factors$/);
    const review = page.getByTestId('recent-factors');
    await expect(review.getByRole('heading', { name: 'Second factors added in the last 30 days' })).toBeVisible();
    await expect(review.getByRole('button', { name: 'Remove the authenticator app' })).toBeVisible();
    await expect(review.getByText('Not yours')).toHaveCount(0);
  });

  test('a deposit after the step-up window: "Confirm it\'s you" with the passkey, and the deposit goes on with what was typed', async ({ page, browser }) => {
    test.setTimeout(90_000);
    const project = await approvedProject(browser, 'Step-up porch', '300.00');
    await project.buyer.close();
    await project.seller.close();
    await addVirtualAuthenticator(page);
    await loginAt(page, DEMO.buyer);
    await expect(page).toHaveURL(/\/portal$/);
    await page.goto(SECURITY);
    const name = `Porch laptop ${Date.now()}`;
    await page.getByLabel('Passkey name').fill(name);
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await expect(page.getByRole('table', { name: 'Your passkeys' }).getByText(name, { exact: true })).toBeVisible();

    // This session's second factor was checked longer ago than the step-up window (only this browser's session).
    const sid = (await page.context().cookies()).find((c) => c.name === 'sid')!.value;
    const aged = await query(`UPDATE sessions SET second_factor_at = now() - interval '1 hour' WHERE token_hash = $1 RETURNING session_id`, [
      createHash('sha256').update(sid).digest(),
    ]);
    expect(aged).toHaveLength(1);

    await openProject(page, String(project.projectId));
    const c = card(page, 'Step-up porch');
    await actions(c)
      .getByRole('button', { name: /^Deposit \$/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Confirm your deposit' });
    const link = dialog.getByRole('button', { name: 'Link account' });
    const stepUp = page.getByRole('dialog', { name: "Confirm it's you" });
    // The API refuses for want of a fresh second factor; the portal asks in place, with the passkey.
    const confirmWithPasskey = async () => {
      await expect(stepUp).toBeVisible();
      await checkA11y(page, "the step-up dialog: Confirm it's you");
      await stepUp.getByRole('button', { name: 'Use a passkey' }).click();
      await expect(stepUp).toBeHidden();
    };
    let askedAlready = false;
    await expect(dialog.getByRole('definition').nth(3)).not.toHaveText('Loading your bank accounts…');
    // The link form loads when the dialog needs it: fill() waits for its fields.
    if ((await dialog.getByRole('definition').nth(3).textContent())?.startsWith('No bank account linked yet')) {
      await dialog.getByLabel('Account holder').fill('Jordan Buyer');
      await dialog.getByLabel('Routing number').fill('011000015');
      await dialog.getByLabel('Account number').fill('000123456789');
      await link.click();
      // Linking a deposit account is itself a step-up (issue 25) once the bank-account routes are marked.
      await expect(stepUp.or(dialog.getByText('Account ending in 6789'))).toBeVisible();
      if (await stepUp.isVisible()) {
        await confirmWithPasskey();
        askedAlready = true;
      }
      // What was typed went through: the account is linked.
      await expect(dialog).toContainText('Account ending in 6789');
    }
    await dialog.getByRole('button', { name: /^Confirm deposit of/ }).click();
    if (!askedAlready) await confirmWithPasskey();
    await expect(dialog).toBeHidden();
    await expect(c.getByRole('region', { name: 'Buyer payments' })).toContainText(/Pending|Settled/, { timeout: 20_000 });
  });
});

test('a password change lists the second factors added in the last 30 days, and Remove takes one away', async ({ page, browser }) => {
  const buyer = await newBuyer(browser, 'password-change');
  await loginAt(page, buyer.email, buyer.password);
  await expect(page).toHaveURL(/\/portal$/);
  await enrolTotp(page, buyer.email);
  const form = page.getByRole('region', { name: 'Password', exact: true });
  await form.getByLabel('Current password').fill(buyer.password);
  await form.getByLabel('New password', { exact: true }).fill('another-password-2026');
  await form.getByLabel('Repeat the new password').fill('another-password-2026');
  await form.getByRole('button', { name: 'Change password' }).click();
  const review = page.getByTestId('recent-factors');
  await expect(review.getByRole('heading', { name: 'Second factors added in the last 30 days' })).toBeVisible();
  await expect(review.getByRole('button', { name: 'Remove the authenticator app' })).toBeVisible();
  await checkA11y(page, 'the security page: the second factors added lately, after a password change');
  await review.getByRole('button', { name: 'Remove the recovery codes' }).click();
  await expect(review.getByRole('button', { name: 'Remove the recovery codes' })).toHaveCount(0);
  await expect(page.getByTestId('recovery-codes-left')).toHaveText(/^You have no recovery codes left/);
});

test('the administrator console stays closed for an administrator without a second factor, until one is set up', async ({ page, browser }) => {
  const admin = await newBuyer(browser, 'admin-no-factor');
  await query(`UPDATE users SET role = 'admin', admin_role = 'owner' WHERE email = $1`, [admin.email]);
  await loginAt(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Set up a second factor to open the administrator console');
  await expect(page.getByRole('navigation', { name: 'Admin sections' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  const secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
  rememberTotpSecret(admin.email, secret);
  await page.getByLabel('Authentication code').fill(await nextTotpCode(admin.email));
  await page.getByRole('button', { name: 'Turn on' }).click();
  await page.getByTestId('recovery-codes').getByRole('button', { name: 'I saved them' }).click();
  await expect(page.getByRole('navigation', { name: 'Admin sections' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
});
