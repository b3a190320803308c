import type { Locator, Page } from '@playwright/test';

import { DEMO, expect, test } from './support/fixtures';
import { actions, asUser, card, depositThroughDialog, label, nextDraftId, openProject, signAgreement } from './support/portal';
import { proposedProject, proposeEdit as proposeEditOverApi } from './support/projects';

const MILESTONE = 'Whole Project Milestone';
const LABELS = {
  original: 'ORIGINAL MILESTONE',
  originalEditSubmitted: 'ORIGINAL MILESTONE (Edit Submitted)',
  originalReplaced: 'ORIGINAL MILESTONE (Replaced by Approved Edit)',
  originalRejected: 'ORIGINAL MILESTONE (Rejected)',
  proposedEdit: 'PROPOSED EDIT',
  proposedEditRejected: 'PROPOSED EDIT (Rejected)',
  approved: 'APPROVED MILESTONE',
};

/**
 * Screenshots of the card at each label: into docs/images when DOCS_SCREENSHOTS is set (for
 * docs/frontend.md), else beside the other test screenshots.
 */
async function shoot(c: Locator, name: string) {
  const dir = process.env.DOCS_SCREENSHOTS ? '../docs/images/milestone-card' : '../.test-results/screenshots/milestone-card';
  // The sticky header and the toasts would cover the card's top: hide them, keeping the layout.
  await c.screenshot({
    path: `${dir}/${name}.png`,
    animations: 'disabled',
    style: '.el-header, .ant-message, .ant-notification { visibility: hidden !important; }',
  });
}

/** The buttons Your Actions offers, in order, and whether Make Edit is there. */
async function offered(c: Locator): Promise<{ actions: string[]; makeEdit: boolean }> {
  const names = await actions(c)
    .getByRole('button')
    .evaluateAll((buttons) => buttons.map((b) => b.textContent?.trim() ?? ''));
  return { actions: names, makeEdit: (await c.getByRole('button', { name: 'Make Edit' }).count()) === 1 };
}

async function showEdits(c: Locator): Promise<Locator> {
  const toggle = c.getByRole('button', { name: 'Show Edits' });
  if (await toggle.isVisible()) await toggle.click();
  return c.getByRole('list', { name: 'Versions' });
}

/** The edit history's heading counts what its pane lists (issue 23, point 9). */
async function expectHistoryCount(c: Locator, count: number) {
  await expect(c.getByRole('region', { name: 'Edit history' }).getByRole('heading')).toContainText(`Edit history (${count})`);
  // (a version's payees are a list of their own inside it)
  await expect(
    (await showEdits(c)).getByRole('listitem', { name: new RegExp(`^(${Object.values(LABELS).join('|').replace(/[()]/g, '\\$&')}): `) }),
  ).toHaveCount(count);
}

const version = (pane: Locator, text: string) => pane.getByRole('listitem', { name: `${text}: ${MILESTONE}`, exact: true });

async function proposeEdit(page: Page, c: Locator, amount: string) {
  await c.getByRole('button', { name: 'Make Edit' }).click();
  const dialog = page.getByRole('dialog', { name: MILESTONE });
  await dialog.getByLabel('Amount paid to Saguaro Build Co.').fill(amount);
  await dialog.getByRole('button', { name: 'Propose edit' }).click();
  await expect(dialog).toBeHidden();
}

test('a milestone walks through every version label of docs/product.md#milestone-version-labels between a buyer and a seller in two browsers', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const seller = await asUser(browser, DEMO.seller);
  const buyer = await asUser(browser, DEMO.buyer);

  // The seller starts the project with one milestone of $1,000.00 and submits it.
  await seller.getByRole('link', { name: 'New project for a buyer' }).click();
  const draftId = nextDraftId(seller);
  await seller.getByLabel('Main Service Provided').selectOption('Painting');
  await seller.getByLabel('Find the buyer by phone').fill('6025550123');
  await seller.getByRole('button', { name: 'Search', exact: true }).click();
  await seller.getByRole('button', { name: 'Add to Project' }).click();
  const form = seller.getByRole('form', { name: 'Milestone' });
  await form.getByLabel('Completion criteria').fill('Every room painted, two coats, trim included.');
  await form.getByLabel('Amount paid to Saguaro Build Co.').fill('1000');
  await form.getByRole('button', { name: 'Add milestone' }).click();
  await expect(seller.getByRole('list', { name: 'Milestones added' })).toContainText(MILESTONE);
  await seller.getByRole('button', { name: 'Submit Project' }).click();
  await expect(seller).toHaveURL(/\/portal$/);
  const projectId = await draftId;

  // 1. Proposed: ORIGINAL MILESTONE for both; each may approve, reject or edit.
  await openProject(seller, projectId);
  const s = card(seller, MILESTONE);
  await expect(label(s)).toHaveText(LABELS.original);
  await expect(s).toContainText('Proposed by you');
  await expect(s.getByRole('region', { name: 'Edit history' })).toHaveCount(0);
  expect(await offered(s)).toEqual({ actions: ['Approve Original', 'Reject Original'], makeEdit: true });
  await expect(actions(s)).toContainText('Next for you: Approve or reject the original.');
  await expect(actions(s).getByRole('group', { name: 'The original' })).toContainText("The original waits for your approval and the buyer's.");
  await shoot(s, '1-original');
  await openProject(buyer, projectId);
  const b = card(buyer, MILESTONE);
  await expect(label(b)).toHaveText(LABELS.original);
  await expect(b).toContainText('Proposed by Sam Seller');
  expect(await offered(b)).toEqual({ actions: ['Approve Original', 'Reject Original'], makeEdit: true });

  // 2. Approved by one: still the original, waiting for the other party.
  await actions(s).getByRole('button', { name: 'Approve Original' }).click();
  await expect(s).toContainText("Approved by the seller; waiting for the buyer's approval.");
  await expect(label(s)).toHaveText(LABELS.original);
  expect(await offered(s)).toEqual({ actions: [], makeEdit: true });
  await expect(actions(s)).toContainText("You approved the original; it waits for the buyer's approval.");

  // 3. The buyer rejects the original: ORIGINAL MILESTONE (Rejected), and an edit is the way on, offered in Your Actions.
  await buyer.reload();
  await actions(b).getByRole('button', { name: 'Reject Original' }).click();
  await expect(label(b)).toHaveText(LABELS.originalRejected);
  await expect(b).toContainText('Rejected by the buyer. Propose an edit to move forward.');
  expect(await offered(b)).toEqual({ actions: ['Approve Original', 'Make Edit'], makeEdit: true });
  await expect(actions(b)).toContainText('Next for you: Approve the original, or propose an edit.');
  await expect(actions(b)).toContainText('You rejected the original; the seller approved it.');
  await shoot(b, '2-original-rejected');

  // 4. The buyer proposes an edit: the card keeps the original (Edit Submitted), the edit is in its history.
  await proposeEdit(buyer, b, '900');
  await expect(label(b)).toHaveText(LABELS.originalEditSubmitted);
  // The Make Edit that opened the dialog left Your Actions with the new state: the focus is on the one in its place.
  await expect(b.getByRole('button', { name: 'Make Edit' })).toBeFocused();
  await expect(b.getByRole('region', { name: 'Edit history' })).toContainText('Edit history (2)');
  expect(await offered(b)).toEqual({ actions: ['Approve Original', 'Approve Edit', 'Reject Edit'], makeEdit: true });
  await expect(actions(b).getByRole('group', { name: 'Your edit' })).toContainText("Your edit waits for your approval and the seller's.");
  await expect(actions(b)).toContainText('Next for you: Approve or reject your edit.');
  await shoot(b, '3-original-edit-submitted');
  await expectHistoryCount(b, 2);
  let pane = await showEdits(b);
  await expect(version(pane, LABELS.originalEditSubmitted)).toBeVisible();
  await expect(version(pane, LABELS.proposedEdit)).toContainText('by you');
  await expect(version(pane, LABELS.proposedEdit)).toContainText('$900.00');
  await shoot(b, '4-proposed-edit');

  // 5. The seller rejects the edit: PROPOSED EDIT (Rejected); the original is back to its own state, and editable.
  await seller.reload();
  await expect(label(s)).toHaveText(LABELS.originalEditSubmitted);
  expect(await offered(s)).toEqual({ actions: ['Approve Edit', 'Reject Edit'], makeEdit: true });
  await expect(actions(s).getByRole('group', { name: 'The original' })).toContainText('You approved the original; the buyer rejected it.');
  await expect(actions(s).getByRole('group', { name: "The buyer's edit" })).toContainText("The buyer's edit waits for your approval and the buyer's.");
  await expect(actions(s)).toContainText("Next for you: Approve or reject the buyer's edit.");
  await actions(s).getByRole('button', { name: 'Reject Edit' }).click();
  await expect(label(s)).toHaveText(LABELS.originalRejected);
  // Both versions rejected: no lone button, the way on is an edit, offered right here.
  expect(await offered(s)).toEqual({ actions: ['Make Edit'], makeEdit: true });
  await expect(actions(s)).toContainText('Next for you: Propose an edit.');
  pane = await showEdits(s);
  await expect(version(pane, LABELS.proposedEditRejected)).toContainText('by the buyer Jordan Buyer');
  await shoot(s, '5-proposed-edit-rejected');
  await buyer.reload();
  await expect(label(b)).toHaveText(LABELS.originalRejected);
  // The buyer's one Approve says what it approves, and why it would agree the milestone; Make Edit is beside it.
  expect(await offered(b)).toEqual({ actions: ['Approve Original', 'Make Edit'], makeEdit: true });
  await expect(actions(b).getByRole('group', { name: 'The original' })).toContainText('You rejected the original; the seller approved it.');
  await expect(actions(b)).toContainText('Next for you: Approve the original, or propose an edit.');
  await shoot(b, '5b-both-rejected-buyer');

  // 6. The seller edits again and approves the new edit.
  await proposeEdit(seller, s, '950');
  await expect(label(s)).toHaveText(LABELS.originalEditSubmitted);
  await expect(s.getByRole('region', { name: 'Edit history' })).toContainText('Edit history (3)');
  await expect(actions(s)).toContainText('Next for you: Approve or reject your edit.');
  await expect(actions(s).getByRole('group', { name: 'Your edit' })).toContainText("Your edit waits for your approval and the buyer's.");
  await actions(s).getByRole('button', { name: 'Approve Edit' }).click();
  await expect(actions(s)).toContainText("You approved your edit; it waits for the buyer's approval.");
  // Approving the edit took back the seller's approval of the original (docs/product.md#approval-and-funding), which is open to them again.
  expect(await offered(s)).toEqual({ actions: ['Approve Original'], makeEdit: true });
  await expect(actions(s).getByRole('group', { name: 'The original' })).toContainText('You and the buyer rejected the original.');

  // 7. The buyer approves it too: APPROVED MILESTONE; the original is replaced; the buyer may deposit once both signed.
  await buyer.reload();
  await expect(label(b)).toHaveText(LABELS.originalEditSubmitted);
  await expect(actions(b).getByRole('group', { name: "The seller's edit" })).toContainText(
    "The seller's edit waits for your approval; the seller approved it.",
  );
  await actions(b).getByRole('button', { name: 'Approve Edit' }).click();
  await expect(label(b)).toHaveText(LABELS.approved);
  await expect(b).toContainText('Approved by both parties.');
  await expect(b).toContainText('Proposed by Sam Seller');
  await expect(b).toContainText('$950.00');
  // (once the agreement's signatures are known: until then a placeholder stands where the button goes)
  await expect(actions(b).getByRole('button', { name: 'Deposit $971.38' })).toBeDisabled();
  expect(await offered(b)).toEqual({ actions: ['Deposit $971.38'], makeEdit: true });
  await expect(actions(b)).toContainText('Both parties must sign the escrow agreement before the first deposit. Still to sign: you and the seller.');
  await shoot(b, '6-approved');
  await expectHistoryCount(b, 3);
  pane = await showEdits(b);
  await expect(version(pane, LABELS.originalReplaced)).toBeVisible();
  await expect(version(pane, LABELS.proposedEditRejected)).toBeVisible();
  await expect(version(pane, LABELS.approved)).toContainText('$950.00');
  await expect(pane.getByRole('button')).toHaveCount(0); // nothing left to decide
  await shoot(b, '7-original-replaced');
  await seller.reload();
  await expect(label(s)).toHaveText(LABELS.approved);
  await expect(actions(s)).toContainText('Wait for Customer Payment');
  expect(await offered(s)).toEqual({ actions: [], makeEdit: true });

  // The agreement: only the signer's own legal name signs it, once; the deposit button says who is missing.
  await actions(b).getByRole('link', { name: 'Sign the escrow agreement' }).click();
  await buyer.getByLabel('Type your full legal name to sign').fill('Somebody Else Entirely');
  await buyer.getByRole('button', { name: 'Sign the agreement' }).click();
  await expect(buyer.getByLabel('Type your full legal name to sign')).toHaveAccessibleDescription(
    /Sign with your own legal name as it is on your account: Jordan Buyer\./,
  );
  await buyer.getByLabel('Type your full legal name to sign').fill('  jordan   BUYER ');
  await buyer.getByRole('button', { name: 'Sign the agreement' }).click();
  await expect(buyer.getByRole('region', { name: 'Signatures' })).toContainText('Buyer: signed by jordan BUYER on');
  await expect(buyer.getByRole('region', { name: 'Signatures' })).toContainText('Seller: not signed yet');
  await expect(buyer.getByRole('button', { name: 'Sign the agreement' })).toHaveCount(0);
  await openProject(buyer, projectId);
  await expect(actions(b)).toContainText('Still to sign: the seller.');
  await signAgreement(seller, projectId, 'company', 'Sam Seller');

  // Confirm before money moves: the dialog shows amount, fee, account and clearing; Cancel moves nothing.
  await buyer.reload();
  const deposit = actions(b).getByRole('button', { name: 'Deposit $971.38' });
  await expect(deposit).toBeEnabled();
  await deposit.click();
  const dialog = buyer.getByRole('dialog', { name: 'Confirm your deposit' });
  await expect(dialog.getByRole('definition').nth(1)).toHaveText('$971.38');
  await expect(dialog.getByRole('definition').nth(2)).toHaveText('$21.38, included in the amount');
  await expect(dialog.getByRole('definition').nth(4)).toContainText('settles within 5 business days');
  await expect(dialog.getByRole('definition').nth(4)).toContainText('return window of 5 seconds');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(b.getByRole('region', { name: 'Buyer payments' })).toContainText('No deposit yet. Deposit due: $971.38.');
  await depositThroughDialog(buyer, b, '$971.38');
  await expect(b.getByRole('region', { name: 'Buyer payments' })).toContainText('$971.38 — Settled', { timeout: 20_000 });

  // Funding locks the milestone: no more edits (docs/product.md#milestone-lifecycle).
  await expect(b.getByRole('img', { name: 'Locked' })).toBeVisible();
  await expect(b.getByRole('button', { name: 'Make Edit' })).toHaveCount(0);
});

test('after the seller proposes an edit of its own milestone, each button names the version it decides, and Your Actions says whose approval each waits for', async ({
  browser,
}) => {
  const project = await proposedProject(browser, 'Patio', '1500.00');
  await proposeEditOverApi(project.seller, project, '1400.00');
  await project.buyer.close();
  await project.seller.close();
  const seller = await asUser(browser, DEMO.seller);
  await openProject(seller, String(project.projectId));
  const s = card(seller, 'Patio');
  await expect(label(s)).toHaveText(LABELS.originalEditSubmitted);
  expect(await offered(s)).toEqual({ actions: ['Approve Original', 'Reject Original', 'Approve Edit', 'Reject Edit'], makeEdit: true });
  const original = actions(s).getByRole('group', { name: 'The original' });
  const edit = actions(s).getByRole('group', { name: 'Your edit' });
  await expect(original).toContainText("The original waits for your approval and the buyer's.");
  await expect(original.getByRole('button')).toHaveText(['Approve Original', 'Reject Original']);
  await expect(edit).toContainText("Your edit waits for your approval and the buyer's.");
  await expect(edit.getByRole('button')).toHaveText(['Approve Edit', 'Reject Edit']);
  await expect(actions(s)).toContainText('Next for you: Approve the original or your edit, or reject them.');
  await shoot(s, '8-seller-edit-of-own-original');

  // Approving its edit, the seller has chosen: nothing is next for them, and the edit says whom it waits for.
  await edit.getByRole('button', { name: 'Approve Edit' }).click();
  await expect(edit).toContainText("You approved your edit; it waits for the buyer's approval.");
  await expect(actions(s)).not.toContainText('Next for you');
  expect(await offered(s)).toEqual({ actions: ['Approve Original', 'Reject Original'], makeEdit: true });
});
