import { DEMO, expect, loginAt, test } from './support/fixtures';
import { asUser } from './support/portal';
import { retainageRefundedProject } from './support/projects';

test('retainage given back to the buyer is listed with the refunds, marked as retainage, on the project payments and in the console', async ({ browser }) => {
  test.setTimeout(120_000);
  const { projectId } = await retainageRefundedProject(browser, 'Deck railing', '1000.00');

  // The project's Payments page.
  const buyer = await asUser(browser, DEMO.buyer);
  await buyer.goto(`/portal/job/${projectId}/payment-release`);
  const refunds = buyer.getByRole('table', { name: 'Refunds' });
  await expect(refunds.getByRole('row')).toHaveCount(2);
  await expect(refunds.getByRole('row').nth(1)).toContainText('Deck railing');
  await expect(refunds.getByRole('row').nth(1)).toContainText('$100.00');
  await expect(refunds.getByRole('row').nth(1)).toContainText('Retainage, returned by the retainage dispute decision');
  await expect(refunds.getByRole('row').nth(1)).toContainText('Paid');
  await buyer.screenshot({ path: '../.test-results/screenshots/buyer-payments-retainage-refund.png', fullPage: true });

  // The console's Payments page, filtered to the project's refunds.
  const admin = await (await browser.newContext()).newPage();
  await loginAt(admin, DEMO.admin);
  await expect(admin).toHaveURL(/\/admin$/);
  await admin.goto(`/admin/payments?kind=refund&job_id=${projectId}`);
  await expect(admin.getByText('1 payment · refunded $100.00')).toBeVisible();
  const row = admin.getByRole('table', { name: 'Payments' }).getByRole('row').filter({ hasText: '$100.00' });
  await expect(row).toContainText('Refund');
  await expect(row).toContainText('Retainage');
  await expect(row).toContainText('Jordan Buyer (buyer)');
  await admin.screenshot({ path: '../.test-results/screenshots/admin-payments-retainage-refund.png', fullPage: true });
});
