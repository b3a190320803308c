import { DEMO, expect, test } from './support/fixtures';
import { actions, asUser, card, openProject } from './support/portal';
import { approvedProject } from './support/projects';

/** The sandbox's test accounts in the words of the README ("To see a deposit fail or come back"). */
const RULES = [
  'An account number ending in 0002: the deposit fails outright (R01, insufficient funds); nothing settles.',
  'An account number ending in 0003: the deposit settles, then the bank returns it (R01) inside the return window; the milestone is no longer funded.',
];

test('the bank account form and the deposit dialog say what the sandbox does with its test accounts, and the sandbox does it', async ({ browser }) => {
  const project = await approvedProject(browser, 'Garden wall', '500.00');
  await project.buyer.close();
  await project.seller.close();
  const buyer = await asUser(browser, DEMO.buyer);
  const projectId = String(project.projectId);

  // The form that links the project's deposit account lists the rules as the README quotes them.
  await buyer.goto(`/portal/job/${projectId}/ach`);
  await expect(buyer.getByRole('list', { name: 'Sandbox test accounts' }).getByRole('listitem')).toHaveText(RULES);
  await buyer.screenshot({ path: '../.test-results/screenshots/buyer-ach-sandbox-rules.png', fullPage: true });
  await buyer.getByLabel('Account holder').fill('Jordan Buyer');
  await buyer.getByLabel('Routing number').fill('011000015');
  await buyer.getByLabel('Account number').fill('000000000002');
  await buyer.getByRole('button', { name: 'Link account' }).click();
  await expect(buyer.getByText('Account ending in 0002 linked.')).toBeVisible();

  // The dialog says, before any money moves, what the sandbox will do with that account.
  await openProject(buyer, projectId);
  const c = card(buyer, 'Garden wall');
  await actions(c).getByRole('button', { name: 'Deposit $511.25' }).click();
  const dialog = buyer.getByRole('dialog', { name: 'Confirm your deposit' });
  const account = dialog.getByRole('definition').nth(3);
  await expect(account).toContainText('Account ending in 0002 (Jordan Buyer)');
  await expect(account).toContainText(`Sandbox test account. ${RULES[0]}`);
  await dialog.screenshot({ path: '../.test-results/screenshots/deposit-dialog-test-account.png', animations: 'disabled' });
  await dialog.getByRole('button', { name: 'Confirm deposit of $511.25' }).click();
  await expect(dialog).toBeHidden();

  // And so it goes: the debit fails, nothing settles, the deposit is due again.
  const payments = c.getByRole('region', { name: 'Buyer payments' });
  await expect(payments).toContainText('$511.25 — Failed', { timeout: 20_000 });
  await expect(payments).toContainText('R01 Insufficient funds (sandbox test account)');
  await expect(payments).not.toContainText('Settled');
  await expect(actions(c).getByRole('button', { name: 'Deposit $511.25' })).toBeEnabled();
});

test('the Deposit button is not shown disabled while the signatures load: a placeholder says they are being checked', async ({ browser }) => {
  const project = await approvedProject(browser, 'Gate posts', '400.00');
  await project.buyer.close();
  await project.seller.close();
  const buyer = await asUser(browser, DEMO.buyer);
  // Hold the agreement's answer (the real one, from the API) until the panel has been looked at.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await buyer.route(`**/api/job/${project.projectId}/agreement`, async (route) => {
    await held;
    await route.continue();
  });
  await buyer.goto(`/portal/job/${project.projectId}`);
  const c = card(buyer, 'Gate posts');
  await expect(actions(c).getByRole('status', { name: 'Checking signatures…' })).toBeVisible();
  await expect(actions(c).getByRole('button', { name: /^Deposit/ })).toHaveCount(0);
  await actions(c).screenshot({ path: '../.test-results/screenshots/deposit-checking-signatures.png', animations: 'disabled' });
  release();
  // Both signed (approvedProject): once known, the button is there and open.
  await expect(actions(c).getByRole('button', { name: 'Deposit $409.00' })).toBeEnabled();
  await expect(actions(c).getByRole('status', { name: 'Checking signatures…' })).toHaveCount(0);
});
