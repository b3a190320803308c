import { apiSession } from './support/api';
import { checkA11y } from './support/axe';
import { DEMO, expect, loginAt, test } from './support/fixtures';
import { signedDemoAgreement } from './support/projects';

let contractName = '';

test.beforeAll(async ({ browser }) => {
  // A signed agreement to show at /portal/signed/{name}.
  contractName = await signedDemoAgreement(browser);
});

const BUYER_SCREENS: [string, string][] = [
  ['/portal', 'Your projects'],
  ['/portal/job/1000', 'Project #1000'],
  ['/portal/job/1000/payment-release', 'Payments of project #1000'],
  ['/portal/job/1000/ach', 'Bank account for deposits'],
  ['/portal/ach/1000', 'Bank account for deposits'],
  ['/portal/project-agreement/customer/1000', 'Escrow agreement'],
  ['/portal/new-project/customer', 'New Project'],
  ['/portal/account/security', 'Sign-in and security'],
];
const SELLER_SCREENS: [string, string][] = [
  ['/portal', 'Your projects'],
  ['/portal/job/1000', 'Project #1000'],
  ['/portal/direct-deposit', 'Payout account'],
  ['/portal/webhooks', 'Integrations'],
  ['/portal/account/team', 'Team'],
  ['/portal/account/security', 'Sign-in and security'],
  ['/portal/project-agreement/company/1000', 'Escrow agreement'],
  ['/portal/new-project/company', 'New Project — Saguaro Build Co.'],
];

for (const width of [1366, 375]) {
  test(`every portal screen is usable at ${width} px`, async ({ browser }) => {
    test.setTimeout(120_000);
    for (const [email, screens] of [
      [DEMO.buyer, BUYER_SCREENS],
      [DEMO.seller, SELLER_SCREENS],
    ] as const) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      await loginAt(page, email);
      await expect(page).toHaveURL(/\/portal$/);
      for (const [path, heading] of screens) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toContainText(heading);
        await page.waitForLoadState('networkidle');
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
          `${path} wider than ${width} px`,
        ).toBeLessThanOrEqual(0);
        const who = email === DEMO.buyer ? 'buyer' : 'seller';
        await page.screenshot({ path: `../.test-results/screenshots/${who}-${path.slice(1).replace(/[/?=]/g, '-')}-${width}.png`, fullPage: true });
      }
      // The project list: a table with every column on a wide screen, a card per project on a phone.
      await page.goto('/portal');
      // (the newest project comes first: other journeys may have added some)
      await expect(page.getByRole('link', { name: /^#\d+ / }).first()).toBeInViewport({ ratio: 1 });
      const firstAction = page.getByRole('button', { name: /^(Open project|Resume draft) #\d+$/ }).first();
      await expect(firstAction).toBeInViewport({ ratio: 1 });
      await firstAction.click({ trial: true });
      await expect(page.getByRole('note')).toHaveCount(0);
      if (width === 375) {
        const project = page.getByRole('list', { name: 'Your projects' }).getByRole('listitem', { name: 'Project #1000' });
        for (const term of ['Your role', 'With', 'Held in escrow', 'Released', 'Still to fund'])
          await expect(project.getByRole('term').filter({ hasText: term })).toBeVisible();
      } else {
        await expect(page.getByRole('table', { name: 'Your projects' }).getByRole('columnheader')).toHaveCount(9);
      }
      await context.close();
    }
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    await loginAt(page, DEMO.buyer);
    await expect(page).toHaveURL(/\/portal$/);
    await page.goto(`/portal/signed/${contractName}`);
    await expect(page.getByRole('article', { name: 'Signed agreement' })).toContainText('Buyer: Jordan Buyer');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await context.close();
  });
}

test('a draft is discarded only through its confirmation, whose dialog loads when first opened and gives the focus back', async ({ browser }) => {
  const seller = await apiSession(browser, DEMO.seller);
  const buyer = await apiSession(browser, DEMO.buyer);
  const buyerId = ((await (await buyer.get('/api/user')).json()) as { user_id: number }).user_id;
  const started = await seller.post('/api/job/basic', { customer_id: buyerId, service: 'Painting', primary_company_id: 100, customerInitiated: false });
  expect(started.ok()).toBe(true);
  const projectId = ((await started.json()) as { job_id: number }).job_id;
  await Promise.all([buyer.close(), seller.close()]);
  // The list is plain HTML; the dialog (with Ant Design) loads on the first Discard, at both widths.
  for (const width of [1366, 375]) {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    await loginAt(page, DEMO.seller);
    await expect(page).toHaveURL(/\/portal$/);
    const discard = page.getByRole('button', { name: `Discard draft #${projectId}` });
    await discard.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Discard draft #${projectId}?` });
    await expect(dialog).toContainText('Nobody else has seen it.');
    await checkA11y(page, `seller, the discard confirmation at ${width} px`);
    await page.screenshot({ path: `../.test-results/screenshots/seller-portal-discard-${width}.png` });
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(discard).toBeFocused();
    if (width === 375) {
      await discard.click();
      await dialog.getByRole('button', { name: 'Discard draft' }).click();
      await expect(page.getByText(`Draft #${projectId} discarded`)).toBeVisible();
      await expect(discard).toHaveCount(0);
    }
    await context.close();
  }
});

test('the project page takes its first answers from the page’s preloads and asks for none of them twice', async ({ page }) => {
  await loginAt(page, DEMO.buyer);
  await expect(page).toHaveURL(/\/portal$/);
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) asked.push(url.pathname);
  });
  await page.goto('/portal/job/1000');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Project #1000');
  await expect(page.getByRole('tab', { name: 'Milestones' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // Named in the page the API sent (backend/src/http/first-paint-data.ts), taken by the app's
  // fetch (frontend/src/app/first-paint-data.ts): were the two lists apart, the browser would ask twice.
  const preloaded = await page
    .locator('link[rel="preload"][as="fetch"]')
    .evaluateAll((links) => links.map((l) => new URL((l as HTMLLinkElement).href).pathname));
  expect(preloaded).toEqual(['/api/user', '/api/job/1000', '/api/job/1000/retainage', '/api/job/1000/schedule']);
  for (const path of preloaded)
    expect(
      asked.filter((p) => p === path),
      path,
    ).toHaveLength(1);
});
