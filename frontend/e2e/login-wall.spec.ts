import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { apiSession } from './support/api';
import { DEMO, expect, submitLoginPage, test } from './support/fixtures';
import { signedDemoAgreement } from './support/projects';

test('a logged-out visitor following a portal link logs in and lands where they were going', async ({ page }) => {
  await page.goto('/portal/job/1000?from=email');
  await expect(page).toHaveURL(/\/login\?next=%2Fportal%2Fjob%2F1000%3Ffrom%3Demail$/);
  await expect(page.getByRole('alert')).toContainText('Please log in to continue to that page.');
  await submitLoginPage(page, DEMO.buyer);
  await expect(page).toHaveURL(/\/portal\/job\/1000\?from=email$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Project #1000');
});

test('a logged-out admin following a console link logs in and lands on that screen', async ({ page }) => {
  await page.goto('/admin/payments?kind=deposit');
  await expect(page).toHaveURL(/\/login\?next=/);
  await submitLoginPage(page, DEMO.admin);
  await expect(page).toHaveURL(/\/admin\/payments\?kind=deposit$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payments');
});

test('a buyer following a console link is logged out as docs/product.md#failed-checks says, and told why', async ({ page }) => {
  await page.goto('/login');
  await submitLoginPage(page, DEMO.buyer);
  await expect(page).toHaveURL(/\/portal$/);
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('alert')).toContainText(
    'You have been logged out: that page is for administrators only. Log in with an account that may open it.',
  );
  await expect(page.getByRole('banner').getByRole('button', { name: 'Login' })).toBeVisible();
  expect((await (await page.request.get('/api/user')).json()).user_id).toBeUndefined();
});

/**
 * Every portal and console route of the router, by a link someone may follow without a session:
 * who may open it and what they see there once logged in. A route added to router.tsx without a
 * line here fails the first test below.
 */
const LINKS: Record<string, { link: () => string; as: string; shows: RegExp | string }> = {
  portal: { link: () => '/portal', as: DEMO.buyer, shows: 'Your projects' },
  'portal/new-project/:type': { link: () => `/portal/new-project/company?job=${draftId}`, as: DEMO.seller, shows: 'New Project — Saguaro Build Co.' },
  'portal/job/:projectId': { link: () => '/portal/job/1000', as: DEMO.buyer, shows: 'Project #1000' },
  'portal/job/:projectId/ach': { link: () => '/portal/job/1000/ach', as: DEMO.buyer, shows: 'Bank account for deposits' },
  'portal/ach/:projectId': { link: () => '/portal/ach/1000', as: DEMO.buyer, shows: 'Bank account for deposits' },
  'portal/direct-deposit': { link: () => '/portal/direct-deposit', as: DEMO.seller, shows: 'Payout account' },
  'portal/project-agreement/:signerType/:projectId': { link: () => '/portal/project-agreement/customer/1000', as: DEMO.buyer, shows: 'Escrow agreement' },
  'portal/signed/:contractName': { link: () => `/portal/signed/${contractName}`, as: DEMO.buyer, shows: /^Buyer: Jordan Buyer, / },
  'portal/job/:projectId/payment-release': { link: () => '/portal/job/1000/payment-release', as: DEMO.buyer, shows: 'Payments of project #1000' },
  'portal/webhooks': { link: () => '/portal/webhooks', as: DEMO.seller, shows: 'Integrations' },
  'portal/account/security': { link: () => '/portal/account/security', as: DEMO.buyer, shows: 'Sign-in and security' },
  'portal/account/team': { link: () => '/portal/account/team', as: DEMO.seller, shows: 'Team' },
  'portal/waivers': { link: () => '/portal/waivers', as: DEMO.electrician, shows: 'Lien waivers' },
  // No waiver of that name: the page says so (the wall is what is under test).
  'portal/waivers/:name': { link: () => '/portal/waivers/no-such-waiver', as: DEMO.electrician, shows: 'There is no lien waiver with that name.' },
  admin: { link: () => '/admin', as: DEMO.admin, shows: 'Dashboard' },
  'admin/dashboard': { link: () => '/admin/dashboard', as: DEMO.admin, shows: 'Dashboard' },
  'admin/payments': { link: () => '/admin/payments?kind=refund', as: DEMO.admin, shows: 'Payments' },
  'admin/reports': { link: () => '/admin/reports', as: DEMO.admin, shows: 'Reports' },
  'admin/disputes': { link: () => '/admin/disputes', as: DEMO.admin, shows: 'Disputes' },
  'admin/projects': { link: () => '/admin/projects', as: DEMO.admin, shows: 'Projects' },
  'admin/job/:projectId': { link: () => '/admin/job/1000?tab=ledger', as: DEMO.admin, shows: 'Project #1000 · General Contracting' },
  'admin/job/:projectId/contracts': { link: () => '/admin/job/1000/contracts', as: DEMO.admin, shows: 'Contracts of project #1000' },
  'admin/job/:projectId/unsigned-contracts': { link: () => '/admin/job/1000/unsigned-contracts', as: DEMO.admin, shows: 'Unsigned contracts of project #1000' },
  'admin/signed/:contractName': { link: () => `/admin/signed/${contractName}`, as: DEMO.admin, shows: /^Buyer: Jordan Buyer, / },
  'admin/users': { link: () => '/admin/users', as: DEMO.admin, shows: 'Users' },
  'admin/contractors': { link: () => '/admin/contractors', as: DEMO.admin, shows: 'Contractors' },
  'admin/companies/:companyId/bank-accounts': { link: () => '/admin/companies/100/bank-accounts', as: DEMO.admin, shows: 'Bank accounts of' },
  'admin/companies/:companyId/team': { link: () => '/admin/companies/100/team', as: DEMO.admin, shows: 'Team of' },
  'admin/operations': { link: () => '/admin/operations', as: DEMO.admin, shows: 'Operations' },
  'admin/webhooks': { link: () => '/admin/webhooks', as: DEMO.admin, shows: 'Webhooks' },
  'admin/security-log': { link: () => '/admin/security-log?kind=login', as: DEMO.admin, shows: 'Security log' },
};

let draftId = 0;
let contractName = '';

test.beforeAll(async ({ browser }) => {
  // A draft of the seller's to resume (the "Resume draft" link of the project list), and a signed agreement to open.
  const seller = await apiSession(browser, DEMO.seller);
  const buyer = await apiSession(browser, DEMO.buyer);
  const buyerId = ((await (await buyer.get('/api/user')).json()) as { user_id: number }).user_id;
  const draft = await seller.post('/api/job/basic', { customer_id: buyerId, service: 'Painting', primary_company_id: 100, customerInitiated: false });
  expect(draft.ok()).toBe(true);
  draftId = ((await draft.json()) as { job_id: number }).job_id;
  contractName = await signedDemoAgreement(browser);
  await seller.close();
  await buyer.close();
});

test('the list below names every portal and console route of the router', () => {
  const router = readFileSync(fileURLToPath(new URL('../src/app/router.tsx', import.meta.url)), 'utf8');
  const routes = [...router.matchAll(/path: '((?:portal|admin)[^']*)'/g)].map((m) => m[1]);
  expect(routes.length).toBeGreaterThan(20);
  expect(Object.keys(LINKS).sort()).toEqual([...routes].sort());
});

for (const [route, { link, as, shows }] of Object.entries(LINKS)) {
  test(`a logged-out visitor on /${route} is asked to log in and comes back to the link`, async ({ page }) => {
    const target = link();
    await page.goto(target);
    await expect(page).toHaveURL(`/login?next=${encodeURIComponent(target)}`);
    await expect(page.getByRole('alert')).toContainText('Please log in to continue to that page.');
    await submitLoginPage(page, as);
    await expect(page).toHaveURL(target);
    await expect(page.getByRole('main').getByText(shows).first()).toBeVisible();
  });
}
