import type { Browser } from '@playwright/test';

import { type ApiSession, apiSession } from './support/api';
import { checkA11y } from './support/axe';
import { DEMO, expect, loginAt, test } from './support/fixtures';
import { asUser } from './support/portal';

/**
 * Issue 25, part E: a payout account is used only once its two micro-deposits are confirmed, and a
 * change of it shows, with who made it, until it is confirmed or undone. (A paid disbursement
 * naming its account on the card is checked in portal-life.spec.ts, whose journey pays one
 * anyway.) Logs in through loginAt, which learns the login screen's second step.
 */

/** The sandbox provider's two micro-deposits, always these (docs/payments.md#the-sandbox-provider). */
const MICRO_DEPOSITS = ['0.32', '0.45'] as const;

interface Account {
  bank_account_id: number;
  masked: string;
  status: string;
}
interface Accounts {
  payout_account: Account | null;
  payout_change: unknown;
}

async function json<T>(response: ReturnType<ApiSession['get']>, what: string): Promise<T> {
  const r = await response;
  expect(r.ok(), `${what}: ${r.status()} ${await r.text()}`).toBe(true);
  return (await r.json()) as T;
}

/** A digit string of its own for each account, so the masked last four tell the accounts apart. */
const accountNumber = () => `7${String(Date.now()).slice(-8)}`;

/** The company has a verified payout account in force (linked and verified through the API when it has none). */
async function payoutAccountInForce(seller: ApiSession): Promise<Account> {
  const now = await json<Accounts>(seller.get('/api/bank-accounts'), 'bank accounts');
  if (now.payout_account && !now.payout_change) return now.payout_account;
  if (now.payout_change) {
    await json(seller.post('/api/bank-accounts/payout-change/undo'), 'undo a change left over');
    return (await json<Accounts>(seller.get('/api/bank-accounts'), 'bank accounts')).payout_account!;
  }
  const linked = await json<Account>(
    seller.post('/api/bank-accounts', { purpose: 'payout', holder_name: 'Saguaro Build Co.', routing_number: '011000015', account_number: accountNumber() }),
    'link',
  );
  await json(seller.post(`/api/bank-accounts/${linked.bank_account_id}/verify`, { amounts: MICRO_DEPOSITS }), 'verify');
  const chosen = await json<{ payout_account: Account }>(seller.post(`/api/bank-accounts/${linked.bank_account_id}/payout`), 'choose');
  return chosen.payout_account;
}

const sellerApi = (browser: Browser) => apiSession(browser, DEMO.seller);

test('a seller confirms the micro-deposits, chooses the account and sees the change; an administrator confirms it', async ({ browser }) => {
  test.setTimeout(90_000);
  const api = await sellerApi(browser);
  const before = await payoutAccountInForce(api);
  await api.close();

  const page = await asUser(browser, DEMO.seller);
  await page.goto('/portal/direct-deposit');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payout account');
  const number = accountNumber();
  const masked = `••••${number.slice(-4)}`;
  const linkForm = page.getByRole('main');
  await linkForm.getByLabel('Account holder').fill('Saguaro Build Co.');
  await linkForm.getByLabel('Routing number').fill('011000015');
  await linkForm.getByLabel('Account number').fill(number);
  await linkForm.getByRole('button', { name: 'Link account' }).click();

  const item = page.getByRole('list', { name: 'Payout accounts' }).getByRole('listitem').filter({ hasText: masked });
  await expect(item).toContainText('Pending verification');
  await expect(item).toContainText(`We sent two deposits under $1.00 to ${masked}. Enter both amounts.`);
  // A wrong pair costs a try; the form says so and keeps the account pending.
  await item.getByLabel('First deposit').fill('0.12');
  await item.getByLabel('Second deposit').fill('0.34');
  await item.getByRole('button', { name: 'Confirm deposits' }).click();
  await expect(item.getByRole('alert')).toContainText('Those amounts do not match the two deposits. 2 tries left.');
  await expect(item).toContainText('2 tries left.');
  await checkA11y(page, 'seller, a pending payout account after a wrong try');
  await item.getByLabel('First deposit').fill(MICRO_DEPOSITS[1]);
  await item.getByLabel('Second deposit').fill(MICRO_DEPOSITS[0]);
  await item.getByRole('button', { name: 'Confirm deposits' }).click();
  await expect(item).toContainText('Verified');

  await item.getByRole('button', { name: `Use for payouts: ${masked}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Use this account for payouts?' });
  await expect(dialog).toContainText(`will go to ${masked}. Every user of your company and our administrators will be emailed`);
  await checkA11y(page, 'seller, the Use for payouts dialog');
  await dialog.getByRole('button', { name: 'Use for payouts' }).click();
  const banner = page.getByRole('region', { name: 'Payout account change' });
  await expect(banner).toContainText('by Sam Seller from Chrome on Linux (');
  await expect(banner).toContainText(`${before.masked} → ${masked}. Payouts wait until `);
  await expect(banner).toContainText('unless another user of your company confirms.');
  // Its maker may undo it but not confirm it.
  await expect(banner.getByRole('button', { name: 'Undo change' })).toBeVisible();
  await expect(banner.getByRole('button', { name: 'Confirm change' })).toHaveCount(0);
  await checkA11y(page, 'seller, the pending payout change');
  // The portal's home says it too.
  await page.goto('/portal');
  await expect(page.getByRole('region', { name: 'Payout account change' })).toContainText(`${before.masked} → ${masked}`);
  await page.context().close();

  // An administrator confirms it from the company's bank accounts.
  const adminPage = await (await browser.newContext()).newPage();
  await loginAt(adminPage, DEMO.admin);
  await expect(adminPage).toHaveURL(/\/admin$/);
  await adminPage.goto('/admin/companies/100/bank-accounts');
  await expect(adminPage.getByRole('heading', { level: 1 })).toContainText('Bank accounts of');
  const adminBanner = adminPage.getByRole('region', { name: 'Payout account change' });
  await expect(adminBanner).toContainText(`${before.masked} → ${masked}`);
  await checkA11y(adminPage, 'admin, a company’s bank accounts with a pending change');
  await adminBanner.getByRole('button', { name: 'Confirm change' }).click();
  await expect(adminPage.getByRole('status').filter({ hasText: 'Change confirmed' })).toBeVisible();
  await expect(adminBanner).toHaveCount(0);
  await expect(adminPage.getByRole('main')).toContainText(`Payouts go to ${masked}`);
  await adminPage.context().close();
});
