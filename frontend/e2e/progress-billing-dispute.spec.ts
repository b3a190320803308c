import { checkA11y } from './support/axe';
import { billingTab, retainageHeldProject } from './support/billing';
import { DEMO, expect, loginAt, test } from './support/fixtures';
import { asUser, openTab } from './support/portal';

/** A minimal PDF: the sniffer knows it by its header. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

/**
 * The retainage dispute of a progress-billed project (docs/progress-billing.md, "The retainage
 * dispute"), in the browser: the work complete, certified and paid with $1,616.67 of retainage
 * held (set up as progress-billing-final.spec.ts does), the seller asks for the release; the buyer
 * disputes it with a statement and a file; both parties see the open dispute; an administrator
 * finds it on the console's Disputes page and refunds the retainage to the buyer ($1,616.67 is
 * below the e2e server's FOUR_EYES_ABOVE, the default $10,000.00: one administrator decides); the
 * provider pays the refund; the buyer's Billing tab and History tell it, to the cent.
 */
test('a disputed retainage is refunded to the buyer by an administrator, and both parties read the decision', async ({ browser }) => {
  test.setTimeout(300_000);
  const { projectId } = await retainageHeldProject(browser);

  // The seller asks for the release.
  const seller = await asUser(browser, DEMO.seller);
  let panel = await billingTab(seller, projectId);
  let retainage = panel.getByRole('region', { name: 'Retainage' });
  await expect(retainage.getByLabel('Retainage figures')).toHaveText('Held now$1,616.67');
  await retainage.getByRole('button', { name: 'Request retainage release' }).click();
  await expect(retainage.getByText('The seller asked for the retainage release on', { exact: false })).toBeVisible();

  // The buyer disputes it instead of approving, with a statement, then attaches a file.
  const buyer = await asUser(browser, DEMO.buyer);
  panel = await billingTab(buyer, projectId);
  retainage = panel.getByRole('region', { name: 'Retainage' });
  await retainage.getByRole('button', { name: 'Dispute the retainage' }).click();
  const dialog = buyer.getByRole('dialog', { name: 'Dispute the retainage' });
  await dialog.getByLabel('What is the disagreement about the retainage?').fill('The trim is unfinished in two rooms.');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog).toBeHidden();
  await expect(retainage.getByText('The buyer disputed the retainage on', { exact: false })).toBeVisible();
  await expect(retainage).toContainText('“The trim is unfinished in two rooms.” An administrator will release it to the payees or refund it to the buyer.');
  await expect(retainage.getByRole('button', { name: 'Approve retainage release' })).toHaveCount(0);
  await expect(retainage.getByRole('button', { name: 'Dispute the retainage' })).toHaveCount(0);
  const evidence = retainage.getByRole('region', { name: 'Evidence' });
  await evidence.locator('input[type=file]').setInputFiles({ name: 'trim punch list.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(evidence.getByRole('status')).toHaveText('trim punch list.pdf attached.');
  await expect(evidence.getByRole('region', { name: 'The buyer’s evidence' })).toContainText('Added by you (buyer)');
  await checkA11y(buyer, 'buyer, a progress-billed retainage dispute with its evidence');

  // The seller sees the open dispute, and no request or approval to make.
  panel = await billingTab(seller, projectId);
  retainage = panel.getByRole('region', { name: 'Retainage' });
  await expect(retainage.getByText('The buyer disputed the retainage on', { exact: false })).toBeVisible();
  await expect(retainage.getByText('The seller asked for the retainage release on', { exact: false })).toHaveCount(0);
  await expect(retainage.getByRole('button', { name: 'Request retainage release' })).toHaveCount(0);
  await expect(retainage.getByRole('button', { name: 'Approve retainage release' })).toHaveCount(0);
  await expect(retainage.getByRole('region', { name: 'The buyer’s evidence' })).toContainText('trim punch list.pdf');

  // An administrator finds it on the Disputes page, opens the project and refunds the retainage.
  const admin = await (await browser.newContext()).newPage();
  await loginAt(admin, DEMO.admin);
  await expect(admin).toHaveURL(/\/admin$/);
  await admin.goto('/admin/disputes');
  const row = admin
    .getByRole('table', { name: 'Open retainage disputes' })
    .getByRole('row')
    .filter({ hasText: `#${projectId} ` });
  await expect(row).toContainText('$1,616.67');
  await expect(row).toContainText('the buyer');
  await expect(row).toContainText('The trim is unfinished in two rooms.');
  await row.getByRole('link', { name: new RegExp(`^#${projectId} `) }).click();
  await expect(admin).toHaveURL(new RegExp(`/admin/job/${projectId}\\?tab=retainage$`));
  const tab = admin.getByRole('tabpanel', { name: 'Retainage' });
  await expect(tab).toContainText('held $1,616.67');
  await expect(tab).not.toContainText('milestone');
  const held = tab.getByRole('table', { name: 'Retainage held per payee' });
  await expect(held.getByRole('row', { name: /Desert Current Electric/ })).toContainText('$1,200.00');
  await expect(held.getByRole('row', { name: /Saguaro Build Co\./ })).toContainText('$416.67');
  await expect(tab.getByRole('region', { name: 'The buyer’s evidence' })).toContainText('trim punch list.pdf');
  await checkA11y(admin, "admin, a progress-billed project's retainage dispute");
  await admin.screenshot({ path: '../.test-results/screenshots/admin-progress-retainage-dispute.png', fullPage: true });
  await tab.getByRole('radio', { name: 'Refund $1,616.67 to the buyer' }).check();
  await tab.getByLabel('Note for both parties').fill('The trim was not finished.');
  await tab.getByRole('button', { name: 'Resolve the retainage dispute' }).click();
  const confirm = admin.getByRole('dialog', { name: 'Resolve the retainage dispute' });
  await expect(confirm).toContainText('$1,616.67 of retainage goes back to the buyer. This cannot be called back.');
  await confirm.getByRole('button', { name: 'Resolve' }).click();
  await expect(admin.getByText('Retainage dispute resolved; the money is on its way.')).toBeVisible();
  await expect(tab.getByRole('list', { name: 'Retainage decisions' })).toContainText('Refunded $1,616.67 by an administrator');
  await expect(tab).toContainText('held $0.00');
  await expect(tab).toContainText('refunded $1,616.67');
  await admin.goto('/admin/disputes');
  await expect(admin.getByRole('heading', { name: 'Disputes', level: 1 })).toBeVisible();
  await expect(
    admin
      .getByRole('table', { name: 'Open retainage disputes' })
      .getByRole('row')
      .filter({ hasText: `#${projectId} ` }),
  ).toHaveCount(0);
  await admin.context().close();

  // The provider reports the refund paid; the buyer's Billing tab tells the decision, to the cent.
  await expect(async () => {
    await buyer.reload();
    await openTab(buyer, 'History');
    await expect(buyer.getByText('$1,616.67 of retainage refunded to the buyer.')).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 60_000 });
  await expect(buyer.getByText('Retainage dispute opened by the buyer: The trim is unfinished in two rooms.')).toBeVisible();
  await expect(buyer.getByText('Retainage dispute resolved by refund to the buyer of $1,616.67. The trim was not finished.')).toBeVisible();
  await expect(buyer.getByText('Retainage of $1,616.67 to be refunded to the buyer.')).toBeVisible();

  panel = await billingTab(buyer, projectId);
  retainage = panel.getByRole('region', { name: 'Retainage' });
  await expect(retainage.getByRole('list', { name: 'Retainage dispute decisions' })).toContainText(
    /Refunded \$1,616\.67 to the buyer by our team on .+: The trim was not finished\./,
  );
  await expect(retainage.getByLabel('Retainage figures')).toHaveText('Held now$0.00');
  await expect(retainage.getByText('The buyer disputed the retainage on', { exact: false })).toHaveCount(0);
  await expect(retainage.getByRole('button', { name: 'Request retainage release' })).toHaveCount(0);
  const toDate = panel.getByLabel('The schedule to date');
  await expect(toDate).toContainText('Completed and stored to date$20,333.33');
  await expect(toDate).toContainText('Retainage withheld, not yet released$0.00');
  await expect(toDate).toContainText('Retainage refunded to the owner$1,616.67');
  await expect(toDate).toContainText('Balance to finish, including retainage$0.00');
  const escrow = panel.getByLabel('Escrow figures');
  await expect(escrow.getByRole('listitem').filter({ hasText: 'Retainage held' })).toHaveText('Retainage held$0.00');
  await expect(escrow.getByRole('listitem').filter({ hasText: 'Paid out' })).toHaveText('Paid out$18,716.66');
  await expect(escrow.getByRole('listitem').filter({ hasText: 'Refunded to the buyer' })).toHaveText('Refunded to the buyer$1,616.67');
  await expect(escrow.getByRole('listitem').filter({ hasText: 'Held in escrow' })).toHaveText('Held in escrow$0.00');
  await checkA11y(buyer, 'buyer, the Billing tab after a retainage refund');
  await retainage.screenshot({ path: '../.test-results/screenshots/buyer-progress-retainage-refunded.png' });
  await buyer.context().close();
  await seller.context().close();
});
