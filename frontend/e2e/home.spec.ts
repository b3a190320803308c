import { expect, test } from '@playwright/test';

test('the home page is served by the API process', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Escrow Ledger' })).toBeVisible();
  const health = await page.request.get('/api/health');
  expect(health.status()).toBe(200);
});
