import type { Browser, Locator, Page } from '@playwright/test';

import { DEMO, expect, test } from './support/fixtures';
import { activate, arrivedAt, expectAnnounced, expectFocusTrapped, expectFocusVisible, logInByKeyboard, tabTo, typeInto } from './support/keyboard';
import { actions, card, label } from './support/portal';
import { approvedProject } from './support/projects';

/**
 * Issue 19: the README's walk from a new project to paid payees, and a dispute resolved in the
 * console, with the keyboard alone, in two browsers for the buyer and the seller. Every control
 * reached shows its focus; dialogs keep the focus inside and give it back; toasts and form errors
 * are said in live regions; the milestone card's controls come in reading order.
 * (Set-up that is not part of the walk — a funded milestone to dispute — goes through the API.)
 */

const MILESTONE = 'Whole Project Milestone';

async function newWindow(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await logInByKeyboard(page, email);
  return page;
}

/**
 * Starts the Tab order from the top of the page's own content: the first Tab of a page (loaded or
 * reached in the app) is the skip link, whose Enter passes the header.
 */
async function fromMain(page: Page): Promise<void> {
  await activate(page, page.getByRole('link', { name: 'Skip to main content' }), { max: 1 });
  await expect(page.getByRole('main')).toBeFocused();
}

/** The names of the controls inside `region`, in the order Tab reaches them from its first one. */
async function tabOrderWithin(page: Page, region: Locator, first: Locator): Promise<string[]> {
  await tabTo(page, first);
  const order: string[] = [];
  while (await region.evaluate((r) => r.contains(document.activeElement))) {
    order.push(
      ((await page.evaluate(() => (document.activeElement as HTMLElement).innerText || document.activeElement!.getAttribute('aria-label') || '')) ?? '').trim(),
    );
    await page.keyboard.press('Tab');
    await expectFocusVisible(page);
  }
  return order;
}

async function openProjectByKeyboard(page: Page, projectId: string, service: string): Promise<void> {
  await page.goto('/portal');
  await fromMain(page);
  await activate(page, page.getByRole('link', { name: `#${projectId} ${service}` }));
  await arrivedAt(page, new RegExp(`^Project #${projectId}: ${service}`));
}

/** The agreement, from the project page's link, signed with one's own name; an empty submit first. */
async function signByKeyboard(page: Page, projectId: string, service: string, legalName: string, party: 'Buyer' | 'Seller'): Promise<void> {
  await openProjectByKeyboard(page, projectId, service);
  await fromMain(page);
  await activate(page, page.getByRole('link', { name: 'Agreement', exact: true }));
  await arrivedAt(page, 'Escrow agreement');
  await fromMain(page);
  const name = page.getByLabel('Type your full legal name to sign');
  await activate(page, page.getByRole('button', { name: 'Sign the agreement' }));
  // The empty form: the field gets the focus and is read with its error; the live region names it.
  await expect(name).toBeFocused();
  await expect(name).toHaveAccessibleDescription(/Type your full name to sign\./);
  await expectAnnounced(page, '1 field needs correcting: Type your full legal name to sign.');
  await page.keyboard.type(legalName);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'Signatures' })).toContainText(
    // A company's signature names the member's role (issue 37); the demo seller signs as its owner.
    party === 'Seller' ? `Seller: signed by ${legalName} (owner) on` : `${party}: signed by ${legalName} on`,
  );
}

test('the README walk from a new project to paid, by keyboard alone, in two browsers', async ({ browser }) => {
  test.setTimeout(300_000);
  const seller = await newWindow(browser, DEMO.seller);
  const buyer = await newWindow(browser, DEMO.buyer);

  // 1. The seller starts a project for the buyer, adds a milestone and submits it.
  await fromMain(seller);
  await activate(seller, seller.getByRole('link', { name: 'New project for a buyer' }));
  await arrivedAt(seller, 'New Project — Saguaro Build Co.');
  const draft = seller.waitForResponse((r) => r.url().endsWith('/api/job/basic') && r.request().method() === 'POST' && r.ok());
  await tabTo(seller, seller.getByLabel('Main Service Provided'));
  await seller.keyboard.type('Painting'); // a closed select picks the option typed
  await expect(seller.getByLabel('Main Service Provided')).toHaveValue('Painting');
  await typeInto(seller, seller.getByLabel('Find the buyer by phone'), '6025550123', { shows: '(602) 555-0123' });
  await activate(seller, seller.getByRole('button', { name: 'Search', exact: true }));
  await expectAnnounced(seller, 'Buyer added', () => activate(seller, seller.getByRole('button', { name: 'Add to Project' })));
  await expect(seller.getByText('Buyer: Jordan Buyer')).toBeVisible();
  const projectId = String(((await (await draft).json()) as { job_id: number }).job_id);
  const form = seller.getByRole('form', { name: 'Milestone' });
  // Add milestone with nothing filled in: the browser's check stops it at the first empty field.
  await activate(seller, form.getByRole('button', { name: 'Add milestone' }));
  await expect(form.getByLabel('Completion criteria')).toBeFocused();
  await seller.keyboard.type('Every room painted, two coats, trim included.');
  await typeInto(seller, form.getByLabel('Amount paid to Saguaro Build Co.'), '1000');
  await expect(form.getByText('Buyer deposits $1,022.50')).toBeVisible();
  await expectAnnounced(seller, 'Milestone added', () => activate(seller, form.getByRole('button', { name: 'Add milestone' })));
  await expect(seller.getByRole('list', { name: 'Milestones added' })).toContainText(MILESTONE);
  await expectAnnounced(seller, 'Project Created Successfully', async () => {
    await activate(seller, seller.getByRole('button', { name: 'Submit Project' }));
    await expect(seller).toHaveURL(/\/portal$/);
    await arrivedAt(seller, 'Your projects');
  });

  // 2. The buyer opens it: the card's controls come in reading order; the buyer approves.
  await openProjectByKeyboard(buyer, projectId, 'Painting');
  const b = card(buyer, MILESTONE);
  await fromMain(buyer);
  expect(await tabOrderWithin(buyer, b, b.getByRole('button', { name: MILESTONE }))).toEqual([
    `▾ ${MILESTONE}`,
    'Make Edit',
    'Approve Original',
    'Reject Original',
  ]);
  // The edit dialog: the focus goes in, stays in, and comes back to Make Edit on Escape.
  await activate(buyer, b.getByRole('button', { name: 'Make Edit' }), { back: true });
  const edit = buyer.getByRole('dialog', { name: MILESTONE });
  await expect(edit.getByLabel('Completion criteria')).toBeVisible();
  expect(await edit.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  await expectFocusTrapped(buyer, edit);
  await buyer.keyboard.press('Escape');
  await expect(edit).toBeHidden();
  await expect(b.getByRole('button', { name: 'Make Edit' })).toBeFocused();
  await expectAnnounced(buyer, 'Milestone approved', () => activate(buyer, actions(b).getByRole('button', { name: 'Approve Original' })));

  // The seller approves: the milestone is agreed.
  await openProjectByKeyboard(seller, projectId, 'Painting');
  const s = card(seller, MILESTONE);
  await fromMain(seller);
  await expectAnnounced(seller, 'Milestone approved', () => activate(seller, actions(s).getByRole('button', { name: 'Approve Original' })));
  await expect(label(s)).toHaveText('APPROVED MILESTONE');

  // 3. Both sign the escrow agreement with their own names.
  await signByKeyboard(buyer, projectId, 'Painting', 'Jordan Buyer', 'Buyer');
  await signByKeyboard(seller, projectId, 'Painting', 'Sam Seller', 'Seller');

  // 4. The buyer deposits through the confirmation dialog, linking an account in it first.
  await openProjectByKeyboard(buyer, projectId, 'Painting');
  await fromMain(buyer);
  const depositButton = actions(b).getByRole('button', { name: 'Deposit $1,022.50' });
  await activate(buyer, depositButton);
  let confirm = buyer.getByRole('dialog', { name: 'Confirm your deposit' });
  await expect(confirm.getByRole('button', { name: 'Link account' })).toBeVisible();
  expect(await confirm.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  await expectFocusTrapped(buyer, confirm);
  await buyer.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(depositButton).toBeFocused();
  await buyer.keyboard.press('Enter');
  confirm = buyer.getByRole('dialog', { name: 'Confirm your deposit' });
  await typeInto(buyer, confirm.getByLabel('Account holder'), 'Jordan Buyer');
  await typeInto(buyer, confirm.getByLabel('Routing number'), '011000015');
  await typeInto(buyer, confirm.getByLabel('Account number'), '000123456789');
  await buyer.keyboard.press('Enter');
  await expect(confirm).toContainText('Account ending in 6789');
  await expectAnnounced(buyer, 'Deposit started.', async () => {
    await activate(buyer, confirm.getByRole('button', { name: 'Confirm deposit of $1,022.50' }));
    await expect(confirm).toBeHidden();
  });
  // The button that opened the dialog is gone: the focus goes to the panel the deposit changed, not to the page's top.
  await expect(actions(b)).toBeFocused();
  await expect(actions(b)).toContainText('Deposit pending');
  await expect(b.getByRole('region', { name: 'Buyer payments' })).toContainText('$1,022.50 — Settled', { timeout: 20_000 });

  // 5. Both mark complete; the payee is paid.
  await buyer.reload();
  await fromMain(buyer);
  await expectAnnounced(buyer, 'Marked complete', () => activate(buyer, actions(b).getByRole('button', { name: 'Mark Complete' })));
  await openProjectByKeyboard(seller, projectId, 'Painting');
  await fromMain(seller);
  await expectAnnounced(seller, 'Marked complete', () => activate(seller, actions(s).getByRole('button', { name: 'Mark Complete' })));
  await expect(s).toContainText('Marked Complete by Both Parties');
  await expect(s.getByRole('region', { name: 'Disbursements' })).toContainText('Saguaro Build Co.: $1,000.00 — Paid $1,000.00', { timeout: 20_000 });
});

test('a dispute opened by the buyer and resolved in the console, by keyboard alone', async ({ browser }) => {
  test.setTimeout(240_000);
  const title = 'Fence line';
  const project = await approvedProject(browser, title, '2000.00');
  await project.buyer.post('/api/bank-accounts', {
    purpose: 'deposit',
    job_id: project.projectId,
    holder_name: 'Jordan Buyer',
    routing_number: '011000015',
    account_number: '000123456789',
  });
  await project.buyer.post('/api/milestone/deposit', { milestone_id: project.milestoneId });
  await project.buyer.close();
  await project.seller.close();

  // The buyer opens the dispute from the card: the statement dialog keeps and returns the focus.
  const buyer = await newWindow(browser, DEMO.buyer);
  await openProjectByKeyboard(buyer, String(project.projectId), 'Landscaping');
  const b = card(buyer, title);
  await expect(b.getByRole('region', { name: 'Buyer payments' })).toContainText('Settled', { timeout: 20_000 });
  await fromMain(buyer);
  await activate(buyer, actions(b).getByRole('button', { name: 'Open a Dispute' }));
  const statement = buyer.getByRole('dialog', { name: 'Open a dispute' });
  await typeInto(buyer, statement.getByLabel('What went wrong?'), 'Two panels lean and the gate does not latch.');
  await expectFocusTrapped(buyer, statement);
  await expectAnnounced(buyer, 'Dispute opened. Our team will review it.', async () => {
    await activate(buyer, statement.getByRole('button', { name: 'Send' }));
    await expect(statement).toBeHidden();
  });
  await expect(actions(b)).toBeFocused();
  await expect(actions(b)).toContainText('A dispute is open; our team will review both sides.');

  // The admin resolves it by a split: the radio group by arrow keys, the errors said, the confirmation trapped.
  const admin = await newWindow(browser, DEMO.admin);
  await fromMain(admin);
  await activate(admin, admin.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Disputes' }));
  await arrivedAt(admin, 'Disputes');
  const dispute = admin.getByRole('region', { name: `Dispute on ${title}` });
  await expect(dispute).toContainText('Held $2,045.00');
  await fromMain(admin);
  const resolve = dispute.getByRole('button', { name: 'Resolve dispute' });
  await activate(admin, resolve);
  // Nothing chosen: the focus goes to the choice, read with its error, and the live region says so.
  const release = dispute.getByRole('radio', { name: 'Release all to the payees' });
  await expect(release).toBeFocused();
  await expect(dispute.getByRole('radiogroup')).toHaveAccessibleDescription('Choose how to resolve the dispute: release, refund or split.');
  await expectAnnounced(admin, '1 field needs correcting: Resolution.');
  await expectFocusVisible(admin);
  await admin.keyboard.press('Space');
  await expect(release).toBeChecked();
  await admin.keyboard.press('ArrowDown');
  await admin.keyboard.press('ArrowDown');
  await expect(dispute.getByRole('radio', { name: 'Split' })).toBeChecked();
  await expectFocusVisible(admin);
  await typeInto(admin, dispute.getByLabel(/Refund to the buyer/), '500');
  await expect(dispute.getByText('$1,545.00 goes to the payees (less the platform fee on that share), $500.00 back to the buyer.')).toBeVisible();
  await typeInto(admin, dispute.getByLabel('Note to both parties'), 'Two panels are replaced; the latch is adjusted.');
  await activate(admin, resolve);
  const confirm = admin.getByRole('dialog', { name: 'Resolve by split?' });
  await expect(confirm.getByRole('definition').nth(1)).toHaveText('$500.00');
  expect(await confirm.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  await expectFocusTrapped(admin, confirm);
  await admin.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(resolve).toBeFocused();
  await admin.keyboard.press('Enter');
  await expectAnnounced(admin, 'Dispute resolved; the money is on its way.', () =>
    activate(admin, admin.getByRole('dialog', { name: 'Resolve by split?' }).getByRole('button', { name: 'Confirm resolution' })),
  );
  await expect(dispute).toHaveCount(0);
  // The focus is not lost with the card that went away: the list of open disputes has it.
  await expect(admin.getByRole('region', { name: 'Open disputes' })).toBeFocused();
});
