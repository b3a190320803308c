import { checkA11y } from './support/axe';
import { DEMO, expect, loginAt, test } from './support/fixtures';
import { asUser } from './support/portal';
import { retainageRefundedProject } from './support/projects';

/** A minimal PDF: the sniffer knows it by its header. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

test('retainage given back to the buyer is listed with the refunds, marked as retainage, on the project payments and in the console', async ({ browser }) => {
  test.setTimeout(120_000);
  // While the retainage dispute is open, the buyer attaches evidence on the Retainage tab and an
  // administrator reads it on the console's (issue 27).
  const { projectId } = await retainageRefundedProject(browser, 'Deck railing', '1000.00', async (disputed) => {
    const buyer = await asUser(browser, DEMO.buyer);
    await buyer.goto(`/portal/job/${disputed}`);
    await buyer.getByRole('tab', { name: 'Retainage' }).click();
    const evidence = buyer.getByRole('region', { name: 'Evidence' });
    await expect(evidence.getByRole('button', { name: /Attach your evidence/ })).toBeVisible();
    await evidence.locator('input[type=file]').setInputFiles({ name: 'railing photo log.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expect(evidence.getByRole('status')).toHaveText('railing photo log.pdf attached.');
    await expect(evidence.getByRole('region', { name: 'The buyer’s evidence' })).toContainText('Added by you (buyer)');
    await checkA11y(buyer, 'buyer, a retainage dispute with its evidence');
    await buyer.context().close();

    const admin = await (await browser.newContext()).newPage();
    await loginAt(admin, DEMO.admin);
    await expect(admin).toHaveURL(/\/admin$/);
    await admin.goto(`/admin/job/${disputed}?tab=retainage`);
    const buyerSide = admin.getByRole('region', { name: 'The buyer’s evidence' });
    await expect(buyerSide).toContainText('railing photo log.pdf');
    await expect(buyerSide).toContainText('Added by Jordan Buyer (buyer)');
    await admin.screenshot({ path: '../.test-results/screenshots/admin-retainage-dispute-evidence.png', fullPage: true });
    await admin.context().close();
  });

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
