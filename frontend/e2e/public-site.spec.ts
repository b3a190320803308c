import { newBuyer } from './support/api';
import { lastMailTo } from './support/db';
import { DEMO, expect, loginThroughModal, test } from './support/fixtures';

test('a visitor searches contractors by state and service and opens a profile', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('Location').selectOption('ID');
  await page.getByLabel('Service').selectOption('Plumbing');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/companies\?state=ID&service=Plumbing#list$/);
  const card = page.getByRole('article', { name: 'Boise Valley Plumbing' });
  await expect(card).toContainText('Boise, ID');
  await card.getByRole('link', { name: 'VIEW THEIR PROFILE' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('BOISE VALLEY PLUMBING');
  await expect(page.getByRole('link', { name: '(208) 555-0199' })).toHaveAttribute('href', 'tel:+12085550199');
  await expect(page.getByRole('region', { name: 'Services Offered' }).getByText('Plumbing')).toBeVisible();
});

test('a search with no match shows the fallback message and the full list', async ({ page }) => {
  await page.goto('/companies?state=NV&service=Roofing#list');
  await expect(page.getByText("Sorry no contractors matched your search. Here's the complete list of companies.")).toBeVisible();
  const names = await page.getByRole('article').locator('h3').allTextContents();
  expect(names.length).toBeGreaterThanOrEqual(12);
  expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base' })));
  await page.getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByText('Sorry no contractors matched your search.')).toBeHidden();
});

for (const width of [1400, 375]) {
  test(`the no-match message of a home-page search shows below the sticky header at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/');
    await page.getByLabel('Location').selectOption('AZ');
    await page.getByLabel('Service').selectOption('Plumbing');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/companies\?state=AZ&service=Plumbing#list$/);
    const alert = page.getByRole('alert');
    await expect(alert).toContainText("Sorry no contractors matched your search. Here's the complete list of companies.");
    // Once the smooth scroll settles, the message sits between the header's bottom edge and the window's.
    await expect
      .poll(async () => {
        const header = (await page.getByRole('banner').boundingBox())!;
        const box = (await alert.boundingBox())!;
        return box.y >= header.y + header.height && box.y + box.height <= 800;
      })
      .toBe(true);
  });
}

test('login with a wrong password shows the 401 text under the password field', async ({ page }) => {
  await page.goto('/');
  await loginThroughModal(page, DEMO.buyer, 'not-the-password');
  await expect(page.getByTestId('login-password-error')).toHaveText('That password is not correct. Try again or reset your password.');
  await expect(page.getByTestId('login-email-error')).toHaveCount(0);
});

test('an admin logs in from the header: the modal closes, the navbar flips, /admin opens', async ({ page }) => {
  await page.goto('/pricing');
  await loginThroughModal(page, ` ${DEMO.admin.toUpperCase()} `, DEMO.password);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Account' })).toHaveAttribute('href', '/admin');
  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Login' })).toBeVisible();
});

test('a visitor who asked for less motion gets dialogs that appear without zooming; others see the zoom', async ({ page }) => {
  // The CSS animation of every element antd's motion puts in its animating state (`ant-zoom-…-active`),
  // read as it happens, since an animation is over in 0.3 s. antd keeps its motion states under
  // reduced motion, with no animation on them.
  await page.addInitScript(() => {
    const seen = new Set<string>();
    (window as unknown as { zoomAnimations: Set<string> }).zoomAnimations = seen;
    const note = (element: Element) => {
      if ([...element.classList].some((c) => c.startsWith('ant-zoom') && c.endsWith('-active'))) seen.add(getComputedStyle(element).animationName);
    };
    new MutationObserver((records) => {
      for (const record of records) {
        if (record.target instanceof Element) note(record.target);
        record.addedNodes.forEach((node) => node instanceof Element && [node, ...node.querySelectorAll('*')].forEach(note));
      }
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
  });
  const zoomAnimations = () =>
    page.evaluate(() => [...(window as unknown as { zoomAnimations: Set<string> }).zoomAnimations].filter((name) => name !== 'none'));
  const dialog = page.getByRole('dialog', { name: 'Log in to Escrow Ledger' });

  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/pricing');
  await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
  await expect(dialog.getByLabel('Email')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect(await zoomAnimations()).toEqual([]);

  // The same page, the preference changed: the zoom is back at once.
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
  await expect(dialog.getByLabel('Email')).toBeVisible();
  await expect.poll(zoomAnimations).toEqual([expect.stringMatching(/zoom/i)]);
});

test("forgot password says 'Email Sent.'", async ({ page }) => {
  await page.goto('/password/forgot');
  await page.getByLabel('Email').fill(DEMO.seller);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Email Sent.')).toBeVisible();
});

test('a fourth reset request within the hour says the limit, not that the account does not exist', async ({ page, browser }) => {
  // An account of its own: the limit is per email and hour, and the demo users' resets must stay open.
  const { email } = await newBuyer(browser, 'reset-limit');
  await page.goto('/password/forgot');
  for (let i = 0; i < 3; i++) {
    await page.reload();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText('Email Sent.')).toBeVisible();
  }
  await page.reload();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('alert')).toHaveText(/^Too many reset requests for this email\. Try again in \d+ minutes?\.$/);
  await expect(page.getByText("Sorry, we couldn't find an account with that email address.")).toHaveCount(0);
});

test("an invalid reset link says 'Link invalid.'", async ({ page }) => {
  await page.goto('/password/reset/not-a-real-code');
  await expect(page.getByText('Link invalid.')).toBeVisible();
});

test('a valid reset link sets the new password and logs in', async ({ page }) => {
  const email = `reset-${Date.now()}@example.com`;
  await page.goto('/new');
  await page.getByLabel('First name').fill('Reese');
  await page.getByLabel('Last name').fill('Setter');
  await page.getByLabel('Phone').fill('8015550177');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('first-password-1');
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page).toHaveURL(/\/portal$/);
  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();

  await page.goto('/password/forgot');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Email Sent.')).toBeVisible();
  const link = /http:\/\/[^\s]+\/password\/reset\/[A-Za-z0-9_-]+/.exec(await lastMailTo(email, '/password/reset/'))![0];
  await page.goto(new URL(link).pathname);
  await page.getByLabel('New password', { exact: true }).fill('second-password-2');
  await page.getByLabel('Repeat the new password').fill('second-password-2');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page).toHaveURL(/\/portal$/);
  await expect(page.getByRole('heading', { name: 'Your projects' })).toBeVisible();
  await page.goto(new URL(link).pathname);
  await expect(page.getByText('Link invalid.')).toBeVisible();
});

test('an account deletion request is sent', async ({ page }) => {
  await page.goto('/delete-my-account');
  await page.getByRole('button', { name: 'Request deletion' }).click();
  await expect(page.getByText('Please enter an email address.')).toBeVisible();
  await page.getByLabel('Email').fill('someone@example.com');
  await page.getByLabel('Note (optional)').fill('Please remove my data.');
  await page.getByRole('button', { name: 'Request deletion' }).click();
  await expect(page.getByText('Request sent.')).toBeVisible();
  await expect(page.getByText('Please allow up to 5 business days for the account to be deleted.')).toBeVisible();
});

test('the header and footer carry the links of docs/product.md#header-and-footer', async ({ page }) => {
  await page.goto('/');
  const header = page.getByRole('banner');
  await page.setViewportSize({ width: 1400, height: 900 });
  for (const label of ['Our Promise', 'Escrow Services', 'Join Us', 'Pricing', 'Contact Us'])
    await expect(header.getByRole('link', { name: label })).toBeVisible();
  await expect(header.getByRole('button', { name: 'Login' })).toBeVisible();
  const footer = page.getByRole('contentinfo');
  for (const label of ['Our Promise', 'Escrow Services', 'Join Us', 'Account', 'Contact Us', 'Delete My Account', 'Privacy Policy'])
    await expect(footer.getByRole('link', { name: label, exact: true })).toBeVisible();
  await expect(footer.getByRole('link', { name: /Better Business Bureau/ })).toBeVisible();
});
