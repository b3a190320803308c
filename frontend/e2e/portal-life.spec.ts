import { DEMO, expect, test } from './support/fixtures';
import { actions, asUser, card, choosePayee, depositThroughDialog, label, nextDraftId, openProject, openTab, signAgreement } from './support/portal';

test.describe.configure({ mode: 'serial' });

test('a seller-started project, from creation to every payee paid, in two browsers', async ({ browser }) => {
  test.setTimeout(180_000);
  const seller = await asUser(browser, DEMO.seller);
  const buyer = await asUser(browser, DEMO.buyer);

  // The seller starts the project and names the buyer.
  await seller.getByRole('link', { name: 'New project for a buyer' }).click();
  await expect(seller.getByRole('heading', { level: 1 })).toHaveText('New Project — Saguaro Build Co.');
  const draftId = nextDraftId(seller);
  await seller.getByLabel('Main Service Provided').selectOption('General Contracting');
  await seller.getByLabel('Find the buyer by phone').fill('6025550123');
  await seller.getByRole('button', { name: 'Search', exact: true }).click();
  await seller.getByRole('button', { name: 'Add to Project' }).click();
  await expect(seller.getByText('Buyer: Jordan Buyer')).toBeVisible();

  // A milestone with three payees: fixed, percent with the fee included, remainder.
  const milestones = seller.getByRole('form', { name: 'Milestone' });
  await milestones.getByText('Several payees').click();
  await milestones.getByLabel('Title').fill('Framing');
  await milestones.getByLabel('Completion criteria').fill('Walls and roof framed and inspected.');
  await milestones.getByRole('button', { name: 'Add payee' }).click();
  await milestones.getByRole('button', { name: 'Add payee' }).click();
  // Payees are found by a search of the directory; a company already paid is not offered again.
  await choosePayee(seller, milestones, 2, 'Desert', 'Desert Current Electric');
  await milestones.getByLabel('Payee 2 type').selectOption('percent');
  await choosePayee(seller, milestones, 3, 'Ro', 'Mesa Ridge Roofing');
  await milestones.getByRole('combobox', { name: 'Payee 3 company' }).fill('Desert');
  await expect(seller.getByRole('option', { name: 'Desert Current Electric' })).toHaveCount(0);
  await milestones.getByRole('combobox', { name: 'Payee 3 company' }).press('Escape');
  await milestones.getByLabel('Payee 3 type').selectOption('remainder');
  await milestones.getByLabel('Milestone amount').fill('10000');
  await milestones.getByRole('group', { name: 'Payee 1' }).getByLabel('Amount').fill('6000');
  await milestones.getByLabel('Percentage').fill('25');
  await milestones.getByRole('group', { name: 'Payee 2' }).getByLabel('Include fee').check();
  await expect(milestones.getByText('Buyer deposits $10,168.75')).toBeVisible();
  await expect(milestones.getByText('Desert Current Electric receives $2,443.75 (fee of $56.25 included)')).toBeVisible();
  await milestones.getByRole('button', { name: 'Add milestone' }).click();
  await expect(seller.getByRole('list', { name: 'Milestones added' })).toContainText('Framing');
  await seller.getByRole('button', { name: 'Submit Project' }).click();
  await expect(seller).toHaveURL(/\/portal$/);
  await expect(seller.getByText('Project Created Successfully')).toBeVisible();
  const projectId = await draftId;
  await expect(seller.getByRole('link', { name: `#${projectId} General Contracting` })).toBeVisible();

  // The buyer rejects the original.
  await openProject(buyer, projectId);
  await expect(card(buyer, 'Framing')).toContainText('ORIGINAL MILESTONE');
  await actions(card(buyer, 'Framing')).getByRole('button', { name: 'Reject Original' }).click();
  await expect(label(card(buyer, 'Framing'))).toHaveText('ORIGINAL MILESTONE (Rejected)');

  // The seller proposes an edit of $9,000 and approves it.
  await openProject(seller, projectId);
  await card(seller, 'Framing').getByRole('button', { name: 'Make Edit' }).click();
  const dialog = seller.getByRole('dialog', { name: 'Framing' });
  await dialog.getByLabel('Milestone amount').fill('9000');
  await expect(dialog.getByText('Buyer deposits $9,151.88')).toBeVisible();
  await dialog.getByRole('button', { name: 'Propose edit' }).click();
  await expect(label(card(seller, 'Framing'))).toHaveText('ORIGINAL MILESTONE (Edit Submitted)');
  await actions(card(seller, 'Framing')).getByRole('button', { name: 'Approve Edit' }).click();
  await expect(actions(card(seller, 'Framing'))).toContainText("You approved your edit; it waits for the buyer's approval.");

  // The buyer sees the edit, its history, approves it and deposits.
  await openProject(buyer, projectId);
  await expect(label(card(buyer, 'Framing'))).toHaveText('ORIGINAL MILESTONE (Edit Submitted)');
  await actions(card(buyer, 'Framing')).getByRole('button', { name: 'Approve Edit' }).click();
  await expect(label(card(buyer, 'Framing'))).toHaveText('APPROVED MILESTONE');
  await card(buyer, 'Framing').getByRole('button', { name: 'Show Edits' }).click();
  await expect(card(buyer, 'Framing').getByRole('list', { name: 'Versions' })).toContainText('ORIGINAL MILESTONE (Replaced by Approved Edit)');
  await seller.reload();
  await expect(card(seller, 'Framing')).toContainText('Wait for Customer Payment');
  await signAgreement(buyer, projectId, 'customer', 'Jordan Buyer');
  await signAgreement(seller, projectId, 'company', 'Sam Seller');
  await openProject(buyer, projectId);
  await depositThroughDialog(buyer, card(buyer, 'Framing'), '$9,151.88');
  await expect(card(buyer, 'Framing').getByRole('region', { name: 'Buyer payments' })).toContainText('$9,151.88 — Settled', { timeout: 20_000 });
  await expect(card(buyer, 'Framing').getByRole('region', { name: 'Buyer payments' }).getByLabel('complete')).toBeVisible();

  // Both mark complete; the payees are paid to the cent.
  await openProject(seller, projectId);
  await card(seller, 'Framing').getByRole('button', { name: 'Mark Complete' }).click();
  await expect(card(seller, 'Framing').getByRole('button', { name: 'Take Back Completion' })).toBeVisible();
  await buyer.reload();
  await card(buyer, 'Framing').getByRole('button', { name: 'Mark Complete' }).click();
  await expect(card(buyer, 'Framing')).toContainText('Marked Complete by Both Parties');
  const paid = card(buyer, 'Framing').getByRole('region', { name: 'Disbursements' });
  await expect(paid).toContainText('Saguaro Build Co.: $6,000.00 — Paid $6,000.00', { timeout: 20_000 });
  await expect(paid).toContainText('Desert Current Electric: $2,199.38 (fee included) — Paid $2,199.38');
  await expect(paid).toContainText('Mesa Ridge Roofing: $750.00 — Paid $750.00');
  // Each payment names the payout account it went to (issue 25).
  await expect(paid).toContainText(/Paid \$6,000\.00 to ••••\d{4}/);

  await buyer.goto(`/portal/job/${projectId}/payment-release`);
  await expect(buyer.getByRole('table').first()).toContainText('$2,199.38');

  // The history shows every step.
  await openProject(buyer, projectId);
  await openTab(buyer, 'History');
  const entries = buyer.getByTestId('history-entry');
  // A company's action names its member and role (issue 37): the demo seller is its company's owner.
  const edit = entries.filter({ hasText: 'Edit of "Framing" proposed by the seller' });
  await expect(edit).toContainText('— by Sam Seller (Owner).');
  await expect(edit).toContainText('amount: $10,000.00 → $9,000.00');
  for (const type of [
    'JobDraftCreated',
    'JobSubmitted',
    'MilestoneProposed',
    'MilestoneVersionRejected',
    'MilestoneEditProposed',
    'MilestoneVersionAgreed',
    'DepositRequested',
    'DepositSettled',
    'MilestoneCompletedByBoth',
    'DisbursementPaid',
  ]) {
    await expect(buyer.locator(`[data-type="${type}"]`).first()).toBeVisible();
  }
  await expect(buyer.locator('[data-type="DepositSettled"]').first()).toContainText('Payment provider');
});

test('a buyer-started project: the buyer picks the seller, funds it, both complete', async ({ browser }) => {
  test.setTimeout(120_000);
  const buyer = await asUser(browser, DEMO.buyer);
  const seller = await asUser(browser, DEMO.seller);
  await buyer.getByRole('link', { name: 'New project as owner' }).click();
  await expect(buyer.getByRole('heading', { level: 1 })).toHaveText('New Project');
  const draftId = nextDraftId(buyer);
  await buyer.getByLabel('Main Service Provided').selectOption('Roofing');
  await expect(buyer.getByRole('button', { name: 'Next' })).toBeDisabled();
  await buyer.getByLabel('Find the seller').fill('zzz-nobody');
  await buyer.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(buyer.getByText('No companies found.')).toBeVisible();
  await buyer.getByLabel('Find the seller').fill('Saguaro');
  await buyer.getByRole('button', { name: 'Search', exact: true }).click();
  await buyer.getByRole('radio', { name: 'Saguaro Build Co.' }).check();
  await buyer.getByRole('button', { name: 'Next' }).click();
  await expect(buyer.getByText('Seller: Saguaro Build Co.')).toBeVisible();
  const form = buyer.getByRole('form', { name: 'Milestone' });
  await form.getByLabel('Completion criteria').fill('New roof, haul-away included.');
  await form.getByLabel('Amount paid to Saguaro Build Co.').fill('0');
  await form.getByRole('button', { name: 'Add milestone' }).click();
  expect(await form.getByLabel('Amount paid to Saguaro Build Co.').evaluate((el: HTMLInputElement) => el.validationMessage)).toBe(
    'Value must be greater than zero dollars.',
  );
  await form.getByLabel('Amount paid to Saguaro Build Co.').fill('1234.56');
  await form.getByLabel('Include the fee in this amount').check();
  await expect(form.getByText('Buyer deposits $1,234.56')).toBeVisible();
  await expect(form.getByText('Saguaro Build Co. receives $1,206.78 (fee of $27.78 included)')).toBeVisible();
  await form.getByRole('button', { name: 'Add milestone' }).click();
  await expect(buyer.getByRole('list', { name: 'Milestones added' })).toContainText('Whole Project Milestone');
  await buyer.getByRole('button', { name: 'Submit Project' }).click();
  await expect(buyer.getByText('Project Created Successfully')).toBeVisible();
  const projectId = await draftId;
  await expect(buyer.getByRole('link', { name: `#${projectId} Roofing` })).toBeVisible();

  await openProject(buyer, projectId);
  await actions(card(buyer, 'Whole Project Milestone')).getByRole('button', { name: 'Approve Original' }).click();
  await openProject(seller, projectId);
  await actions(card(seller, 'Whole Project Milestone')).getByRole('button', { name: 'Approve Original' }).click();
  await expect(label(card(seller, 'Whole Project Milestone'))).toHaveText('APPROVED MILESTONE');
  await signAgreement(seller, projectId, 'company', 'Sam Seller');
  await signAgreement(buyer, projectId, 'customer', 'Jordan Buyer');
  await openProject(buyer, projectId);
  await depositThroughDialog(buyer, card(buyer, 'Whole Project Milestone'), '$1,234.56');
  await expect(card(buyer, 'Whole Project Milestone').getByRole('region', { name: 'Buyer payments' })).toContainText('Settled', { timeout: 20_000 });
  await card(buyer, 'Whole Project Milestone').getByRole('button', { name: 'Mark Complete' }).click();
  await openProject(seller, projectId);
  await card(seller, 'Whole Project Milestone').getByRole('button', { name: 'Mark Complete' }).click();
  await expect(card(seller, 'Whole Project Milestone').getByRole('region', { name: 'Disbursements' })).toContainText(
    'Saguaro Build Co.: $1,206.78 (fee included) — Paid $1,206.78',
    { timeout: 20_000 },
  );
});
