import { type Browser } from '@playwright/test';

import { apiSession } from './support/api';
import { checkA11y } from './support/axe';
import { billingTab, ok, retainageHeldProject } from './support/billing';
import { DEMO, expect, test } from './support/fixtures';
import { asUser } from './support/portal';
import { confirmWithCode, pastTheWindow } from './support/step-up';

/**
 * Issue 38's "done when", to the end in the browser: a progress-billed project whose work is
 * complete and certified (set up through the API, as progress-billing.spec.ts walks those screens)
 * goes to final payment. The seller asks for the retainage release on the Billing tab, the buyer
 * approves it there through a step-up, each payee signs its conditional waiver on Lien waivers,
 * the release's payouts are paid, and the Billing tab shows nothing held and nothing left to
 * finish, to the cent, with each payee's unconditional waiver to print.
 */

type Schedule = { retainage: { releases: { status: string }[] } | null };

/** The payee signs the conditional waiver of `payment` ("Pay application 1, …", "Retainage release 1") on its company's Lien waivers page. */
async function signConditionalWaiver(browser: Browser, email: string, legalName: string, projectId: string, payment: string, amount: string) {
  const page = await asUser(browser, email);
  await page.goto('/portal/waivers');
  const row = page
    .getByRole('table', { name: 'Lien waivers of your company' })
    .getByRole('row')
    .filter({ hasText: `#${projectId} ` })
    .filter({ hasText: payment })
    .filter({ has: page.getByRole('button', { name: 'Sign' }) });
  await expect(row).toContainText(amount);
  await row.getByRole('button', { name: 'Sign' }).click();
  const dialog = page.getByRole('dialog', { name: 'Conditional lien waiver (AZ)' });
  await expect(dialog.getByLabel('Waiver text')).toContainText(amount);
  await dialog.getByLabel('Type your full legal name to sign').fill(legalName);
  await dialog.getByRole('button', { name: 'Sign the waiver' }).click();
  await expect(dialog).toBeHidden();
  await page.context().close();
}

test('the work complete and certified, the retainage is released through a step-up and its waivers, and the project is paid in full', async ({
  browser,
  page,
}) => {
  test.setTimeout(360_000);
  // The job site is in Arizona: every payout waits for its payee's conditional lien waiver.
  const { projectId } = await retainageHeldProject(browser, 'AZ', async (id) => {
    await signConditionalWaiver(browser, DEMO.electrician, 'Dana Sparks', id, 'Pay application 1', '$10,800.00');
    await signConditionalWaiver(browser, DEMO.seller, 'Sam Seller', id, 'Pay application 1', '$7,916.66');
  });
  const seller = await apiSession(browser, DEMO.seller);
  const buyer = await apiSession(browser, DEMO.buyer);
  const sellerPage = await asUser(browser, DEMO.seller);

  // The seller asks for the retainage release on the Billing tab.
  let panel = await billingTab(sellerPage, projectId);
  let retainage = panel.getByRole('region', { name: 'Retainage' });
  await expect(retainage.getByLabel('Retainage figures')).toHaveText('Held now$1,616.67');
  const heldByPayee = retainage.getByRole('table', { name: 'Retainage held by payee' });
  await expect(heldByPayee.getByRole('row', { name: /Desert Current Electric/ })).toContainText('$1,200.00');
  await expect(heldByPayee.getByRole('row', { name: /Saguaro Build Co\./ })).toContainText('$416.67');
  await retainage.getByRole('button', { name: 'Request retainage release' }).click();
  await expect(retainage.getByText('The seller asked for the retainage release on', { exact: false })).toBeVisible();
  await expect(retainage.getByRole('button', { name: 'Request retainage release' })).toHaveCount(0);

  // The buyer, past the step-up window, approves it and is asked for a code in place.
  await pastTheWindow(page);
  panel = await billingTab(page, projectId);
  retainage = panel.getByRole('region', { name: 'Retainage' });
  await expect(retainage).toContainText('Approving it pays $1,616.67');
  await expect(retainage).toContainText('Desert Current Electric $1,200.00');
  await expect(retainage).toContainText('Saguaro Build Co. $416.67');
  await checkA11y(page, 'the retainage release to approve');
  await retainage.getByRole('button', { name: 'Approve retainage release' }).click();
  await confirmWithCode(page);
  const release = retainage.getByRole('region', { name: 'Retainage release 1' });
  await expect(release).toContainText(/Release 1\s*Paying \$1,616\.67 on /);
  await expect(release).toContainText('approved by the buyer.');
  await expect(retainage.getByLabel('Retainage figures')).toHaveText('Held now$0.00');

  // Each payee signs the release's conditional waiver; then its payouts are paid.
  await signConditionalWaiver(browser, DEMO.electrician, 'Dana Sparks', projectId, 'Retainage release 1', '$1,200.00');
  await signConditionalWaiver(browser, DEMO.seller, 'Sam Seller', projectId, 'Retainage release 1', '$416.67');
  await expect
    .poll(async () => (await ok<Schedule>(buyer.get(`/api/job/${projectId}/schedule`), 'schedule')).retainage?.releases[0]?.status, { timeout: 30_000 })
    .toBe('paid');
  await seller.close();
  await buyer.close();

  // Final payment, on the seller's Billing tab: the release paid, nothing held, nothing left to finish.
  panel = await billingTab(sellerPage, projectId);
  retainage = panel.getByRole('region', { name: 'Retainage' });
  const paid = retainage.getByRole('region', { name: 'Retainage release 1' });
  await expect(paid).toContainText(/Release 1\s*Paid \$1,616\.67 on /);
  const payouts = paid.getByRole('table', { name: 'Payouts of release 1' });
  await expect(payouts.getByRole('row', { name: /Desert Current Electric/ })).toContainText('$1,200.00');
  await expect(payouts.getByRole('row', { name: /Desert Current Electric/ })).toContainText('Paid');
  await expect(payouts.getByRole('row', { name: /Saguaro Build Co\./ })).toContainText('$416.67');
  await expect(payouts.getByRole('row', { name: /Saguaro Build Co\./ })).toContainText('Paid');
  await expect(payouts.getByText('Unconditional waiver issued')).toHaveCount(2);
  await expect(retainage.getByLabel('Retainage figures')).toHaveText('Held now$0.00');
  await expect(retainage.getByText('No retainage is held.')).toBeVisible();
  const escrow = panel.getByLabel('Escrow figures');
  await expect(escrow.getByRole('listitem').filter({ hasText: 'Retainage held' })).toHaveText('Retainage held$0.00');
  await expect(escrow.getByRole('listitem').filter({ hasText: 'Awaiting payout' })).toHaveText('Awaiting payout$0.00');
  await expect(escrow.getByRole('listitem').filter({ hasText: 'Paid out' })).toHaveText('Paid out$20,333.33');
  await expect(escrow.getByRole('listitem').filter({ hasText: 'Held in escrow' })).toHaveText('Held in escrow$0.00');
  const toDate = panel.getByLabel('The schedule to date');
  await expect(toDate).toContainText('Completed and stored to date$20,333.33');
  await expect(toDate).toContainText('Retainage withheld, not yet released$0.00');
  await expect(toDate).toContainText('Balance to finish, including retainage$0.00');
  await checkA11y(sellerPage, 'the Billing tab at final payment');

  // The electrician's unconditional waiver of the release, printable.
  await paid.getByRole('link', { name: 'Print the waiver of Desert Current Electric for retainage release 1' }).click();
  const waiver = sellerPage.getByRole('article', { name: 'Lien waiver' });
  await expect(waiver).toContainText('UNCONDITIONAL WAIVER AND RELEASE OF LIEN RIGHTS AFTER PAYMENT — ARIZONA (AZ)');
  await expect(waiver).toContainText('Retainage release: number 1, at substantial completion');
  await expect(waiver).toContainText('the retainage release to the claimant of $1,200.00 of retainage withheld from its progress payments on this project');
});
