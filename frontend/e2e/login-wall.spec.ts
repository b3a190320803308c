import { DEMO, expect, test } from './support/fixtures';

test('a logged-out visitor following a portal link logs in and lands where they were going', async ({ page }) => {
  await page.goto('/portal/job/1000?from=email');
  await expect(page).toHaveURL(/\/login\?next=%2Fportal%2Fjob%2F1000%3Ffrom%3Demail$/);
  await expect(page.getByRole('alert')).toContainText('Please log in to continue to that page.');
  await page.getByRole('main').getByLabel('Email').fill(DEMO.buyer);
  await page.getByRole('main').getByLabel('Password').fill(DEMO.password);
  await page.getByRole('main').getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/portal\/job\/1000\?from=email$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Project #1000');
});

test('a logged-out admin following a console link logs in and lands on that screen', async ({ page }) => {
  await page.goto('/admin/payments?kind=deposit');
  await expect(page).toHaveURL(/\/login\?next=/);
  await page.getByRole('main').getByLabel('Email').fill(DEMO.admin);
  await page.getByRole('main').getByLabel('Password').fill(DEMO.password);
  await page.getByRole('main').getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/admin\/payments\?kind=deposit$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payments');
});

test('a buyer following a console link is logged out as §6 says, and told why', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('main').getByLabel('Email').fill(DEMO.buyer);
  await page.getByRole('main').getByLabel('Password').fill(DEMO.password);
  await page.getByRole('main').getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/portal$/);
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('alert')).toContainText(
    'You have been logged out: that page is for administrators only. Log in with an account that may open it.',
  );
  await expect(page.getByRole('banner').getByRole('button', { name: 'Login' })).toBeVisible();
  expect((await (await page.request.get('/api/user')).json()).user_id).toBeUndefined();
});
