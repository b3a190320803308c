import { readFileSync } from 'node:fs';

import type { Page } from '@playwright/test';

import { openDisputeCard } from './support/admin';
import { apiSession } from './support/api';
import { query } from './support/db';
import { DEMO, expect, loginAt, test } from './support/fixtures';
import { openTab } from './support/portal';

/** "$1,234.50" from "1234.50", by string: the figures are exact decimals, never floats. */
function dollars(amount: string): string {
  const negative = amount.startsWith('-');
  const [whole, cents = '00'] = amount.replace('-', '').split('.');
  return `${negative ? '-' : ''}$${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents.padEnd(2, '0')}`;
}

async function ledgerTotal(account: string, where = 'true', params: unknown[] = []): Promise<string> {
  const [row] = await query<{ total: string }>(
    `SELECT coalesce(sum(amount), 0)::numeric(14,2)::text AS total FROM ledger_entries WHERE account = '${account}' AND ${where}`,
    params,
  );
  return row!.total;
}

/** The sandbox pays the demo's payouts a moment after start; the ledger is final once none is open. */
async function paymentsSettled(): Promise<void> {
  await expect
    .poll(async () => (await query<{ n: number }>(`SELECT count(*)::int AS n FROM payment_instructions WHERE status = 'open'`))[0]!.n, { timeout: 30_000 })
    .toBe(0);
}

async function loginAsAdmin(page: Page): Promise<void> {
  await loginAt(page, DEMO.admin);
  await expect(page).toHaveURL(/\/admin$/);
}

const ADMIN_API_GETS = [
  '/api/admin/dashboard',
  '/api/admin/payments',
  '/api/admin/payments?format=csv',
  '/api/admin/reports',
  '/api/admin/reports/csv?report=monthly',
  '/api/admin/projects',
  '/api/admin/job/1000',
  '/api/admin/job/1000/ledger',
  '/api/admin/job/1000/events',
  '/api/admin/job/1000/as-of?at=2026-01-01T00:00:00Z',
  '/api/admin/job/1000/contracts',
  '/api/admin/users',
  '/api/admin/companies',
  '/api/admin/contractor-applications',
  '/api/admin/disputes',
  '/api/admin/projections',
  '/api/admin/projections/jobs/dead-letters',
];
const ADMIN_SCREENS = [
  '/admin',
  '/admin/dashboard',
  '/admin/projects',
  '/admin/job/1000',
  '/admin/job/1000/contracts',
  '/admin/job/1000/unsigned-contracts',
  '/admin/signed/anything',
  '/admin/users',
  '/admin/contractors',
  '/admin/payments',
  '/admin/reports',
  '/admin/disputes',
  '/admin/operations',
];

test.describe.configure({ mode: 'serial' });
test.use({ timezoneId: 'UTC', acceptDownloads: true });

test('buyers and sellers get 403 from every admin route and never see an admin screen', async ({ browser }) => {
  for (const email of [DEMO.buyer, DEMO.seller]) {
    const session = await apiSession(browser, email);
    for (const url of ADMIN_API_GETS) expect([url, (await session.get(url)).status()]).toEqual([url, 403]);
    for (const url of [
      '/api/admin/projections/jobs/rebuild',
      '/api/admin/projections/jobs/resume',
      '/api/admin/milestones/5000/dispute/resolve',
      '/api/admin/contractor-applications/1/approve',
    ]) {
      expect([url, (await session.post(url, { resolution: 'refund' })).status()]).toEqual([url, 403]);
    }
    expect((await session.put('/api/admin/companies/100', { bio: 'x' })).status()).toBe(403);
    await session.close();
  }
  // In the browser, a failed admin check logs out and goes home (docs/product.md#failed-checks), saying why: nothing of the console shows.
  const context = await browser.newContext();
  const page = await context.newPage();
  for (const path of ADMIN_SCREENS) {
    await loginAt(page, DEMO.seller);
    await expect(page).toHaveURL(/\/portal$/);
    await page.goto(path);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('alert')).toContainText(
      'You have been logged out: that page is for administrators only. Log in with an account that may open it.',
    );
    await expect(page.getByRole('banner').getByRole('button', { name: 'Login' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Admin sections' })).toHaveCount(0);
  }
  // Logged out, a console link asks for the login; the seller's login then goes home, not into the console.
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/login\?next=%2Fadmin%2Fusers$/);
  await expect(page.getByRole('alert')).toContainText('Please log in to continue to that page.');
  await context.close();
});

test('the dashboard figures equal the sums of the ledger', async ({ page }) => {
  await paymentsSettled();
  await loginAsAdmin(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
  const month = `occurred_at >= date_trunc('month', now())`;
  const [pending] = await query<{ n: number; amount: string }>(
    `SELECT count(*)::int AS n, coalesce(sum(amount), 0)::numeric(14,2)::text AS amount FROM milestone_deposits WHERE status = 'pending'`,
  );
  await expect(page.getByTestId('figure-held')).toContainText(dollars(await ledgerTotal('escrow')));
  expect(await ledgerTotal('escrow')).toBe('28393.10'); // the demo: cabinets 12,237.60 + roof 16,155.50
  await expect(page.getByTestId('figure-disbursed')).toContainText(dollars(await ledgerTotal('payee_payouts', month)));
  await expect(page.getByTestId('figure-fees')).toContainText(dollars(await ledgerTotal('platform_fees', month)));
  await expect(page.getByTestId('figure-deposited')).toContainText(dollars((await ledgerTotal('buyer_funding', month)).replace(/^-/, '')));
  await expect(page.getByTestId('figure-deposited')).toContainText(`${dollars(await ledgerTotal('buyer_refunds', month))} refunded`);
  await expect(page.getByTestId('figure-pending')).toContainText(`${dollars(pending!.amount)} ${pending!.n} deposit`);
  await expect(page.getByTestId('figure-disputes')).toHaveText('1');
  // cabinets (both still to mark complete) and finishes (both still to approve); the disputed roof waits on our team
  await expect(page.getByTestId('figure-waiting-buyer')).toHaveText('2');
  await expect(page.getByTestId('figure-waiting-seller')).toHaveText('2');
  // For whom and since when: each project's row holds exactly its escrow balance.
  const held = await query<{ job_id: number; held: string }>(
    `SELECT job_id, sum(amount)::numeric(14,2)::text AS held FROM ledger_entries WHERE account = 'escrow' GROUP BY job_id HAVING sum(amount) > 0`,
  );
  for (const row of held) {
    await expect(page.getByRole('row').filter({ hasText: `#${row.job_id} ` })).toContainText(dollars(row.held));
  }
  await expect(page.getByRole('img', { name: 'Deposits, disbursements, fees and refunds per month' })).toBeVisible();
});

test('a payments filter shows the matching rows and its CSV holds the same payments', async ({ page }) => {
  await loginAsAdmin(page);
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Payments' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payments');
  const filters = page.getByRole('form', { name: 'Payment filters' });
  // antd's options are drawn in a pop-up list whose items carry their label as a title.
  await filters.getByLabel('Kind').click();
  await page.getByTitle('Deposits', { exact: true }).click();
  await filters.getByLabel('Status').click();
  await page.getByTitle('Settled', { exact: true }).click();
  await filters.getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL(/kind=deposit/);
  await expect(page).toHaveURL(/status=settled/);

  const settled = await query<{ md_id: number; amount: string }>(`SELECT md_id, amount::text FROM milestone_deposits WHERE status = 'settled' ORDER BY md_id`);
  const sum = (await query<{ total: string }>(`SELECT sum(amount)::numeric(14,2)::text AS total FROM milestone_deposits WHERE status = 'settled'`))[0]!.total;
  await expect(page.getByText(`${settled.length} payments · deposits ${dollars(sum)}`, { exact: true })).toBeVisible();
  const rows = page
    .getByRole('table')
    .getByRole('row')
    .filter({ has: page.getByRole('cell') });
  await expect(rows).toHaveCount(settled.length);
  for (const d of settled) await expect(rows.filter({ hasText: dollars(d.amount) }).first()).toContainText('Settled');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
  const lines = readFileSync((await download.path())!, 'utf8')
    .trim()
    .split('\r\n');
  expect(lines[0]).toBe('kind,id,job_id,milestone_id,amount,fee,status,created_at,completed_at,party,party_role,retainage');
  const csvRows = lines.slice(1).map((l) => l.split(','));
  expect(csvRows.map((r) => [r[0], r[6]])).toEqual(settled.map(() => ['deposit', 'settled']));
  expect(csvRows.map((r) => Number(r[1])).sort((a, b) => a - b)).toEqual(settled.map((d) => d.md_id));
  expect(csvRows.map((r) => r[4]).sort()).toEqual(settled.map((d) => d.amount).sort());
});

test('resolving the demo dispute by a split moves the right cents through the ledger', async ({ browser, page }) => {
  await paymentsSettled();
  const [dispute] = await query<{ original_id: number; job_id: number }>(`SELECT original_id, job_id FROM milestone_disputes WHERE status = 'open'`);
  await loginAsAdmin(page);
  await page.goto('/admin/disputes');
  const card = await openDisputeCard(page, 'Tear-off and new roof');
  await expect(card).toContainText('Held $16,155.50');
  await expect(card.getByRole('region', { name: "The buyer's statement" })).toContainText('chimney was never replaced');
  await expect(card.getByRole('region', { name: "The seller's statement" })).toContainText('quoted change order');
  // Nothing is chosen at first, and nothing moves without choosing.
  for (const name of ['Release all to the payees', 'Refund all to the buyer', 'Split']) await expect(card.getByRole('radio', { name })).not.toBeChecked();
  await card.getByRole('button', { name: 'Resolve dispute' }).click();
  await expect(card.getByText('Choose how to resolve the dispute: release, refund or split.')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await card.getByRole('radio', { name: 'Split' }).check();
  await card.getByLabel(/Refund to the buyer/).fill('16155.50');
  await card.getByRole('button', { name: 'Resolve dispute' }).click();
  await expect(card.getByText(/A split refunds more than \$0\.00 and less than \$16,155\.50/)).toBeVisible();
  await card.getByLabel(/Refund to the buyer/).fill('5000');
  await expect(card.getByText('$11,155.50 goes to the payees (less the platform fee on that share), $5,000.00 back to the buyer.')).toBeVisible();
  await card.getByLabel('Note to both parties').fill('The flashing was in scope; the ceiling repair is not.');
  await card.getByRole('button', { name: 'Resolve dispute' }).click();
  // The confirmation says what each side gets; cancelling moves nothing.
  let confirm = page.getByRole('dialog', { name: 'Resolve by split?' });
  await expect(confirm.getByRole('definition').nth(0)).toHaveText('$11,155.50 (the platform fee on that share comes out of it)');
  await expect(confirm.getByRole('definition').nth(1)).toHaveText('$5,000.00');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  expect(await ledgerTotal('buyer_refunds', 'original_id = $1', [dispute!.original_id])).toBe('0.00');
  await card.getByRole('button', { name: 'Resolve dispute' }).click();
  confirm = page.getByRole('dialog', { name: 'Resolve by split?' });
  // $16,155.50 is above FOUR_EYES_ABOVE ($10,000.00): the owner proposes, finance@ approves (docs/administrators.md).
  await confirm.getByRole('button', { name: 'Propose resolution' }).click();
  await expect(card.getByText('Waiting for a second administrator.')).toBeVisible();
  expect(await ledgerTotal('buyer_refunds', 'original_id = $1', [dispute!.original_id])).toBe('0.00');
  const finance = await (await browser.newContext()).newPage();
  await loginAt(finance, 'finance@demo.escrowledger.test');
  await expect(finance).toHaveURL(/\/admin$/);
  await finance.goto('/admin/disputes');
  await finance.getByRole('region', { name: 'Dispute on Tear-off and new roof' }).getByRole('button', { name: 'Approve resolution' }).click();
  await finance.getByRole('dialog', { name: 'Approve this resolution?' }).getByRole('button', { name: 'Approve resolution' }).click();
  await expect(finance.getByText('No open disputes.')).toBeVisible();
  await finance.context().close();
  await page.reload();
  await expect(page.getByText('No open disputes.')).toBeVisible();

  // 11,155.50 released: the fee in proportion to what the buyer paid, 11,155.50 × 355.50 / 16,155.50 = 245.48.
  // The refund and the payouts are paid by the sandbox a moment later, and the ledger is a read
  // model: wait until it shows them (an open count of zero can come before the instruction does).
  const mine = 'original_id = $1';
  const accounts = ['escrow', 'buyer_refunds', 'platform_fees', 'payee_payouts', 'refunds_payable'] as const;
  const totals = async () => Object.fromEntries(await Promise.all(accounts.map(async (a) => [a, await ledgerTotal(a, mine, [dispute!.original_id])])));
  await expect
    .poll(totals, { timeout: 30_000 })
    .toEqual({ escrow: '0.00', buyer_refunds: '5000.00', platform_fees: '245.48', payee_payouts: '10910.02', refunds_payable: '0.00' });

  await page.getByRole('radiogroup', { name: 'Which disputes' }).getByText('Resolved').click();
  await expect(page.getByRole('region', { name: 'Dispute on Tear-off and new roof' })).toContainText(
    'Resolved by split $11,155.50 released, $5,000.00 refunded',
  );
  await page.goto(`/admin/job/${dispute!.job_id}?tab=ledger`);
  const balances = page.getByRole('table').first();
  await expect(balances.getByRole('row').filter({ hasText: 'buyer_refunds' })).toContainText('$5,000.00');
  await expect(balances.getByRole('row').filter({ hasText: 'platform_fees' })).toContainText(
    dollars(await ledgerTotal('platform_fees', 'job_id = $1', [dispute!.job_id])),
  );
  await expect(balances.getByRole('row').filter({ hasText: 'escrow' })).toContainText('$0.00');
});

test('the point-in-time view at an instant between two approvals shows the earlier version', async ({ browser, page }) => {
  test.setTimeout(90_000);
  const seller = await apiSession(browser, DEMO.seller);
  const buyer = await apiSession(browser, DEMO.buyer);
  const buyerId = (await (await buyer.get('/api/user')).json()).user_id;
  const projectId = (await (await seller.post('/api/job/basic', { customer_id: buyerId, service: 'Landscaping', customerInitiated: false })).json()).job_id;
  const v1 = (
    await (
      await seller.post('/api/milestone', {
        job_id: projectId,
        title: 'Patio v1',
        definition: 'A patio.',
        payees: [{ jc_id: 100, type: 'fixed', amount: '1000.00' }],
      })
    ).json()
  ).m_id;
  expect((await seller.put(`/api/job/${projectId}/draft`, { isDraft: false, job_id: projectId })).ok()).toBe(true);
  expect((await buyer.post('/api/milestone/approval', { milestone_id: v1, approve: true })).ok()).toBe(true);
  expect((await seller.post('/api/milestone/approval', { milestone_id: v1, approve: true })).ok()).toBe(true);
  await new Promise((r) => setTimeout(r, 1500));
  const between = new Date();
  await new Promise((r) => setTimeout(r, 1500));
  const v2 = (
    await (
      await seller.post('/api/milestone', {
        job_id: projectId,
        original_id: v1,
        title: 'Patio v2',
        definition: 'A bigger patio.',
        payees: [{ jc_id: 100, type: 'fixed', amount: '1500.00' }],
      })
    ).json()
  ).m_id;
  expect((await buyer.post('/api/milestone/approval', { milestone_id: v2, approve: true })).ok()).toBe(true);
  expect((await seller.post('/api/milestone/approval', { milestone_id: v2, approve: true })).ok()).toBe(true);
  await seller.close();
  await buyer.close();

  await loginAsAdmin(page);
  await page.goto(`/admin/job/${projectId}`);
  await openTab(page, 'Point in time');
  // The browser runs in UTC here, so the local datetime field takes the UTC wall time.
  await page.getByLabel(/Instant/).fill(between.toISOString().slice(0, 23));
  await page.getByRole('button', { name: 'Show as of then' }).click();
  await expect(page.getByTestId('approved-version')).toHaveText(`Patio v1 (version ${v1}), $1,000.00`);
  await expect(page.getByRole('region', { name: `Milestone ${v1} then` })).toContainText('APPROVED MILESTONE Patio v1');
  await expect(page.getByRole('region', { name: `Milestone ${v1} then` })).not.toContainText('Patio v2'); // not even proposed then
  await page.getByRole('button', { name: 'Now' }).click();
  await expect(page.getByTestId('approved-version')).toHaveText(`Patio v2 (version ${v2}), $1,500.00`);

  // The event timeline leads to the same view: as of the first agreement, v1 is the approved one.
  await openTab(page, 'Events');
  await page.getByRole('row').filter({ hasText: 'MilestoneVersionAgreed' }).first().getByRole('button', { name: 'As of here' }).click();
  await expect(page.getByTestId('approved-version')).toHaveText(`Patio v1 (version ${v1}), $1,000.00`);
});

test('a rebuild started from the operations page finishes and its tables equal the live ones', async ({ page }) => {
  test.setTimeout(180_000);
  await paymentsSettled();
  // The held-funds clock's first pass after the demo's read models are up reminds the parties of
  // the demo's long-held funds (once per reason and day): let it land first, or its events arrive
  // between the two dumps and the live tables move on, as they should.
  await expect
    .poll(async () => (await query<{ n: number }>(`SELECT count(*)::int AS n FROM events WHERE type = 'HeldFundsReminderSent'`))[0]!.n, {
      timeout: 90_000,
    })
    .toBeGreaterThan(0);
  const head = async () => (await query<{ n: string }>('SELECT count(*)::text AS n FROM events'))[0]!.n;
  const eventsBefore = await head();
  const dump = async () => ({
    ledger: await query('SELECT * FROM ledger_entries ORDER BY event_id, line'),
    milestones: await query('SELECT * FROM milestones ORDER BY original_id'),
  });
  await loginAsAdmin(page);
  await page.goto('/admin/operations');
  const ledgerRow = page.getByRole('row').filter({ hasText: 'ledger' }).first();
  await expect(ledgerRow).toContainText('Running');
  await expect
    .poll(async () => (await page.request.get('/api/admin/projections')).json().then((s: { lagEvents: number }[]) => s.every((p) => p.lagEvents === 0)))
    .toBe(true);
  const before = await dump();
  expect(before.ledger.length).toBeGreaterThan(0);

  await page.getByRole('button', { name: 'Rebuild ledger' }).click();
  const status = page.getByRole('status', { name: 'Rebuild of ledger' });
  await expect(status).toContainText('Rebuild finished', { timeout: 60_000 });
  await expect(status).toContainText(`Rebuilt tables equal the live ones`);
  await expect(status).toContainText(`ledger_entries ${before.ledger.length} rows`);
  await page.getByRole('button', { name: 'Rebuild milestones' }).click();
  await expect(page.getByRole('status', { name: 'Rebuild of milestones' })).toContainText('Rebuilt tables equal the live ones', { timeout: 60_000 });
  expect(await head()).toBe(eventsBefore); // nothing happened meanwhile, so the tables must not have moved
  expect(await dump()).toEqual(before);
});
