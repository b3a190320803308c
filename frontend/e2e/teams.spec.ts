import type { Browser, Locator, Page } from '@playwright/test';

import { type ApiSession, apiSession } from './support/api';
import { checkA11y } from './support/axe';
import { lastMailTo } from './support/db';
import { DEMO, expect, test } from './support/fixtures';
import { actions, asUser, card, openProject, openTab } from './support/portal';
import { proposedProject } from './support/projects';
import { nextTotpCode, rememberTotpSecret } from './support/second-factor';

/**
 * Issue 37 in two browsers: the demo seller (Sam Seller, the owner of Saguaro Build Co.) invites a
 * finance member; the invitation's mail opens the landing page in a second browser, where the
 * person creates an account, enrols a second factor, links and chooses a payout account (within
 * the role), is refused what only owners do, and the owner confirms that payout change early with
 * a fresh factor (the colleague confirmation; its maker never can). Then the owner removes the
 * member, whose next request finds the session ended.
 */

const TEAM = '/portal/account/team';
/** The sandbox provider's two micro-deposits, always these (docs/payments.md#the-sandbox-provider). */
const MICRO_DEPOSITS = ['0.32', '0.45'] as const;

async function json<T>(response: Promise<Awaited<ReturnType<ApiSession['get']>>>, what: string): Promise<T> {
  const r = await response;
  expect(r.ok(), `${what}: ${r.status()} ${await r.text()}`).toBe(true);
  return (await r.json()) as T;
}

/** The company has a verified payout account in force and no change pending (a change left over by another journey is undone). */
async function payoutAccountInForce(browser: Browser): Promise<void> {
  const owner = await apiSession(browser, DEMO.seller);
  const now = await json<{ payout_account: unknown; payout_change: unknown }>(owner.get('/api/bank-accounts'), 'bank accounts');
  if (now.payout_change) await json(owner.post('/api/bank-accounts/payout-change/undo'), 'undo a change left over');
  else if (!now.payout_account) {
    const linked = await json<{ bank_account_id: number }>(
      owner.post('/api/bank-accounts', {
        purpose: 'payout',
        holder_name: 'Saguaro Build Co.',
        routing_number: '011000015',
        account_number: `6${String(Date.now()).slice(-8)}`,
      }),
      'link',
    );
    await json(owner.post(`/api/bank-accounts/${linked.bank_account_id}/verify`, { amounts: MICRO_DEPOSITS }), 'verify');
    await json(owner.post(`/api/bank-accounts/${linked.bank_account_id}/payout`), 'choose');
  }
  await owner.close();
}

/**
 * Clicks, then answers "Confirm it's you" with the next code of `email`'s authenticator app when
 * the API asks for a fresh factor (it does unless one was given in the last minutes); waits for `done`.
 */
async function withStepUp(page: Page, email: string, click: () => Promise<void>, done: Locator): Promise<void> {
  await click();
  const stepUp = page.getByRole('dialog', { name: "Confirm it's you" });
  const asked = await Promise.race([
    stepUp.waitFor({ state: 'visible', timeout: 20_000 }).then(() => true),
    done.waitFor({ state: 'visible', timeout: 20_000 }).then(() => false),
  ]);
  if (asked) {
    await stepUp.getByLabel('Authentication code').fill(await nextTotpCode(email));
    await stepUp.getByRole('button', { name: 'Confirm' }).click();
    await expect(stepUp).toBeHidden();
  }
  await expect(done).toBeVisible();
}

/**
 * The invitation's link in a browser of its own: a new account, then (every role but viewer touches
 * money or marks work complete) the second factor the portal asks for before the first action.
 */
async function joinWithSecondFactor(browser: Browser, link: string, email: string, first: string, last: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(link);
  await page.getByLabel('First name').fill(first);
  await page.getByLabel('Last name').fill(last);
  await page.getByLabel('Password').fill('a-password-of-its-own');
  await page.getByRole('button', { name: 'Create account and join' }).click();
  await expect(page).toHaveURL(/\/portal\/account\/security$/);
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  rememberTotpSecret(email, (await page.getByTestId('totp-secret').textContent()) ?? '');
  await page
    .getByTestId('totp-enrolment')
    .getByLabel('Authentication code')
    .fill(await nextTotpCode(email));
  await page.getByRole('button', { name: 'Turn on' }).click();
  await page.getByTestId('recovery-codes').getByRole('button', { name: 'I saved them' }).click();
  return { context, page };
}

test('an owner invites a finance member, who joins, acts within the role, confirms nothing of their own, and is removed', async ({ browser }) => {
  test.setTimeout(180_000);
  await payoutAccountInForce(browser);
  const email = `fran-${Date.now()}@example.com`;

  // The owner invites, in the first browser.
  const owner = await asUser(browser, DEMO.seller);
  await owner.goto(TEAM);
  await expect(owner.getByRole('heading', { level: 1 })).toHaveText('Team');
  await owner.getByRole('button', { name: 'Invite a member' }).click();
  const invite = owner.getByRole('dialog', { name: 'Invite a member' });
  await invite.getByLabel('Email').fill(email);
  await invite.getByRole('radio', { name: /^Finance/ }).check();
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(owner.getByText(`Invitation sent to ${email}.`)).toBeVisible();
  await expect(owner.getByRole('table', { name: 'Pending invitations' })).toContainText(email);
  await checkA11y(owner, 'owner, the Team page with a pending invitation');

  // The invited person opens the mail's link in a second browser and creates an account.
  const link = /\/team\/join\/[A-Za-z0-9_-]+/.exec(await lastMailTo(email, '/team/join/'))![0];
  const landing = await (await browser.newContext()).newPage();
  await landing.goto(link);
  await expect(landing.getByRole('main')).toContainText(`Sam Seller invited ${email} to join Saguaro Build Co. as Finance.`);
  await checkA11y(landing, 'the invitation page, a new account');
  await landing.context().close();
  // A finance role touches money: the portal sends the new member to set up a second factor first.
  const { context: memberContext, page: member } = await joinWithSecondFactor(browser, link, email, 'Fran', 'Finance');

  // Outside the role: the Team page offers no owner buttons and says why; the API refuses by code.
  await member.goto(TEAM);
  await expect(member.getByRole('table', { name: 'Members' })).toContainText('Fran Finance');
  await expect(member.getByText("Only the company's owner can manage the company's members.")).toBeVisible();
  await expect(member.getByRole('button', { name: 'Invite a member' })).toHaveCount(0);
  await checkA11y(member, 'finance member, the Team page');
  const xsrf = (await memberContext.cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const refused = await memberContext.request.post('/api/company/invitations', {
    data: { email: `nobody-${Date.now()}@example.com`, role: 'viewer' },
    headers: { 'X-XSRF-TOKEN': xsrf },
  });
  expect(refused.status()).toBe(403);
  const body = (await refused.json()) as { code?: string };
  expect(body.code).toBe('role_forbidden');
  // Nor are the owner's integrations or the project managers' new projects offered: each says who may.
  await member.goto('/portal/webhooks');
  await expect(member.getByText("Only the company's owner can manage the company's webhooks.")).toBeVisible();
  await checkA11y(member, 'finance member, the integrations they may not manage');
  await member.goto('/portal/new-project/company');
  await expect(member.getByText("Only the company's owner and project managers can create or edit projects.")).toBeVisible();
  await checkA11y(member, 'finance member, a new project they may not start');

  // Within the role: link a payout account, confirm its deposits, make it the payout account.
  await member.goto('/portal/direct-deposit');
  const number = `5${String(Date.now()).slice(-8)}`;
  const masked = `••••${number.slice(-4)}`;
  const main = member.getByRole('main');
  await main.getByLabel('Account holder').fill('Saguaro Build Co.');
  await main.getByLabel('Routing number').fill('011000015');
  await main.getByLabel('Account number').fill(number);
  const item = member.getByRole('list', { name: 'Payout accounts' }).getByRole('listitem').filter({ hasText: masked });
  await withStepUp(member, email, () => main.getByRole('button', { name: 'Link account' }).click(), item);
  await item.getByLabel('First deposit').fill(MICRO_DEPOSITS[0]);
  await item.getByLabel('Second deposit').fill(MICRO_DEPOSITS[1]);
  await item.getByRole('button', { name: 'Confirm deposits' }).click();
  await expect(item).toContainText('Verified');
  await item.getByRole('button', { name: `Use for payouts: ${masked}` }).click();
  const banner = member.getByRole('region', { name: 'Payout account change' });
  await withStepUp(
    member,
    email,
    () => member.getByRole('dialog', { name: 'Use this account for payouts?' }).getByRole('button', { name: 'Use for payouts' }).click(),
    banner,
  );
  await expect(banner).toContainText('by Fran Finance');
  // Its maker may undo it but never confirm it.
  await expect(banner.getByRole('button', { name: 'Undo change' })).toBeVisible();
  await expect(banner.getByRole('button', { name: 'Confirm change' })).toHaveCount(0);

  // The colleague confirmation: the owner confirms the change early, with a fresh factor.
  await owner.goto('/portal/direct-deposit');
  const ownerBanner = owner.getByRole('region', { name: 'Payout account change' });
  await expect(ownerBanner).toContainText(`→ ${masked}`);
  await withStepUp(
    owner,
    DEMO.seller,
    () => ownerBanner.getByRole('button', { name: 'Confirm change' }).click(),
    owner.getByRole('status').filter({ hasText: 'Change confirmed' }),
  );
  await expect(owner.getByRole('main')).toContainText(`Payouts go to ${masked}`);

  // The owner removes the member; the member's next request (a link followed inside the app) finds the session ended.
  await member.goto('/portal');
  await expect(member.getByRole('heading', { level: 1 })).toHaveText('Your projects');
  await owner.goto(TEAM);
  await owner.getByRole('button', { name: 'Remove Fran Finance' }).click();
  const removeDialog = owner.getByRole('dialog', { name: 'Remove Fran Finance?' });
  await withStepUp(
    owner,
    DEMO.seller,
    () => removeDialog.getByRole('button', { name: 'Remove' }).click(),
    owner.getByText('Fran Finance was removed from Saguaro Build Co.'),
  );
  await expect(owner.getByRole('table', { name: 'Members' })).not.toContainText('Fran Finance');

  await member.getByRole('main').getByRole('link', { name: 'Team' }).click();
  await expect(member).toHaveURL(/\/login\?next=/);
  await expect(member.getByRole('alert').filter({ hasText: 'Please log in to continue to that page.' })).toBeVisible();
  await memberContext.close();
  await owner.context().close();
});

test('a project manager proposes a milestone on a project, and is shown no bank accounts, with the reason', async ({ browser }) => {
  test.setTimeout(150_000);
  const project = await proposedProject(browser, `Site prep ${Date.now()}`);
  const email = `pat-${Date.now()}@example.com`;
  await json(project.seller.post('/api/company/invitations', { email, role: 'project_manager' }), 'invite');
  const link = /\/team\/join\/[A-Za-z0-9_-]+/.exec(await lastMailTo(email, '/team/join/'))![0];
  const { context, page: pm } = await joinWithSecondFactor(browser, link, email, 'Pat', 'Manager');

  // Within the role: a milestone proposed from the project page, by the page's own buttons.
  await openProject(pm, String(project.projectId));
  const existing = card(pm, project.title);
  await expect(actions(existing).getByRole('button', { name: 'Approve Original' })).toBeVisible();
  await pm.getByRole('button', { name: 'Add a milestone' }).click();
  const form = pm.getByRole('form', { name: 'Milestone' });
  await form.getByLabel('Completion criteria').fill('Grading and drainage done, inspected by the county.');
  await form.getByLabel('Amount paid to Saguaro Build Co.').fill('800');
  await form.getByRole('button', { name: 'Add milestone' }).click();
  await expect(pm.getByText('Milestone added')).toBeVisible();
  await expect(pm.getByRole('region', { name: 'Whole Project Milestone', exact: true })).toContainText('Proposed by you');
  await checkA11y(pm, 'project manager, the project page with the milestone they proposed');
  // The agreement is the owner's to sign under the company's default signing policy.
  await pm.goto(`/portal/project-agreement/company/${project.projectId}`);
  await expect(pm.getByText("Only the company's owner can sign the escrow agreement.")).toBeVisible();
  await expect(pm.getByRole('button', { name: 'Sign the agreement' })).toHaveCount(0);
  await checkA11y(pm, 'project manager, the agreement they may not sign');

  // Outside the role: the payout account page shows no accounts and no button, and says why; the API refuses by code.
  await pm.goto('/portal/direct-deposit');
  await expect(pm.getByText("Only the company's owner and finance members can see the company's bank accounts and payment reports.")).toBeVisible();
  await expect(pm.getByRole('button', { name: 'Link account' })).toHaveCount(0);
  await expect(pm.getByRole('list', { name: 'Payout accounts' })).toHaveCount(0);
  await checkA11y(pm, 'project manager, the payout account page');
  const refused = await context.request.get('/api/bank-accounts');
  expect(refused.status()).toBe(403);
  const body = (await refused.json()) as { code?: string };
  expect(body.code).toBe('role_forbidden');

  await context.close();
  await project.seller.close();
  await project.buyer.close();
});

test("README's walk, step 8: the project manager proposes a milestone, the office manager confirms the owner's payout account change", async ({ browser }) => {
  test.setTimeout(180_000);
  await payoutAccountInForce(browser);
  const project = await proposedProject(browser, `Walls ${Date.now()}`);
  // A single payment milestone has no title of its own: the project's other one has.
  const title = 'Whole Project Milestone';

  // "log in as pm@demo.escrowledger.test, the project manager, and propose a milestone on the project"
  const pm = await asUser(browser, DEMO.projectManager);
  await openProject(pm, String(project.projectId));
  await pm.getByRole('button', { name: 'Add a milestone' }).click();
  const form = pm.getByRole('form', { name: 'Milestone' });
  await form.getByLabel('Completion criteria').fill('Roof deck sheathed, nailed off and inspected.');
  await form.getByLabel('Amount paid to Saguaro Build Co.').fill('1200');
  await form.getByRole('button', { name: 'Add milestone' }).click();
  await expect(pm.getByText('Milestone added')).toBeVisible();
  await expect(card(pm, title)).toContainText('Proposed by you');
  // "its History entry ends '— by Casey Foreman (Project manager)'"
  await openTab(pm, 'History');
  const proposed = pm.getByTestId('history-entry').filter({ hasText: 'proposed by the seller: $1,200.00' });
  await expect(proposed).toContainText('— by Casey Foreman (Project manager).');
  // "bank accounts are not this role's"
  await pm.goto('/portal/direct-deposit');
  await expect(pm.getByText("Only the company's owner and finance members can see the company's bank accounts and payment reports.")).toBeVisible();
  await expect(pm.getByRole('button', { name: 'Link account' })).toHaveCount(0);

  // The others see who of the company proposed it, and in which role, on the card.
  const seller = await asUser(browser, DEMO.seller);
  await openProject(seller, String(project.projectId));
  await expect(card(seller, title)).toContainText('Proposed by Casey Foreman (project manager)');

  // "Then as the seller, the owner, choose another payout account on Direct deposit"
  await seller.goto('/portal/direct-deposit');
  const number = `7${String(Date.now()).slice(-8)}`;
  const masked = `••••${number.slice(-4)}`;
  const main = seller.getByRole('main');
  await main.getByLabel('Account holder').fill('Saguaro Build Co.');
  await main.getByLabel('Routing number').fill('011000015');
  await main.getByLabel('Account number').fill(number);
  const item = seller.getByRole('list', { name: 'Payout accounts' }).getByRole('listitem').filter({ hasText: masked });
  await withStepUp(seller, DEMO.seller, () => main.getByRole('button', { name: 'Link account' }).click(), item);
  await item.getByLabel('First deposit').fill(MICRO_DEPOSITS[0]);
  await item.getByLabel('Second deposit').fill(MICRO_DEPOSITS[1]);
  await item.getByRole('button', { name: 'Confirm deposits' }).click();
  await expect(item).toContainText('Verified');
  await item.getByRole('button', { name: `Use for payouts: ${masked}` }).click();
  const banner = seller.getByRole('region', { name: 'Payout account change' });
  await withStepUp(
    seller,
    DEMO.seller,
    () => seller.getByRole('dialog', { name: 'Use this account for payouts?' }).getByRole('button', { name: 'Use for payouts' }).click(),
    banner,
  );
  await expect(banner).toContainText('by Sam Seller');
  // "The seller cannot confirm its own change."
  await expect(banner.getByRole('button', { name: 'Confirm change' })).toHaveCount(0);

  // "log in as office@demo.escrowledger.test, the office manager (finance), and Confirm change
  // (with a fresh code): the hold ends at once."
  const office = await asUser(browser, DEMO.officeManager);
  await office.goto('/portal/direct-deposit');
  const officeBanner = office.getByRole('region', { name: 'Payout account change' });
  await expect(officeBanner).toContainText(`→ ${masked}`);
  await withStepUp(
    office,
    DEMO.officeManager,
    () => officeBanner.getByRole('button', { name: 'Confirm change' }).click(),
    office.getByRole('status').filter({ hasText: 'Change confirmed' }),
  );
  await expect(office.getByRole('main')).toContainText(`Payouts go to ${masked}`);
  await expect(officeBanner).toHaveCount(0);
  await seller.goto('/portal/direct-deposit');
  await expect(seller.getByRole('main')).toContainText(`Payouts go to ${masked}`);

  for (const page of [pm, seller, office]) await page.context().close();
  await project.seller.close();
  await project.buyer.close();
});
