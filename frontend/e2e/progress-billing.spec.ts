import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

import { type Locator } from '@playwright/test';

import type * as PdfText from '../../backend/test/support/pdf-text';
import { apiSession } from './support/api';
import { checkA11y } from './support/axe';
import { billingTab as billing, draftProject, ok, SELLER_COMPANY } from './support/billing';
import { DEMO, expect, test } from './support/fixtures';
import { asUser, signAgreement } from './support/portal';

/**
 * Issue 38, point 7, in three browsers: the seller proposes a schedule of values, the buyer
 * approves it, the seller fills a pay application by percentages, the certifier the buyer named
 * (an independent user, as an architect would be) certifies it reducing one line with a reason,
 * the seller accepts, the buyer's deposit clears, the payee signs its
 * conditional lien waiver, the draw is paid and the unconditional waiver shows, and the
 * application's PDF downloads with the certified figures. Axe checks each billing screen on the way.
 */

// The backend's reader of the PDFs it writes (pdf-lib cannot read text back); the backend is
// CommonJS, which an ES module imports whole, hence require.
const { pdfText } = createRequire(import.meta.url)('../../backend/test/support/pdf-text.ts') as typeof PdfText;

/** A cell of a table by its row's item (the row header) and its column's place. */
const cell = (table: Locator, item: string, column: number) =>
  table
    .getByRole('row')
    .filter({ has: table.page().getByRole('rowheader', { name: item, exact: true }) })
    .locator('td, th')
    .nth(column);

test('a schedule, a pay application by percentages, a reduced certification, its acceptance, the draw paid with its waivers, and its PDF', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  // The job site is in Arizona: every payout waits for its payee's conditional lien waiver.
  const projectId = await draftProject(browser, 'AZ');

  // On the draft, the seller chooses progress billing and submits the project without milestones.
  const seller = await asUser(browser, DEMO.seller);
  let panel = await billing(seller, projectId);
  await panel.getByRole('radio', { name: /^By progress/ }).click();
  await expect(panel.getByRole('radio', { name: /^By progress/ })).toBeChecked();
  await expect(panel.getByText('A project billed by progress is submitted without milestones', { exact: false })).toBeVisible();
  await checkA11y(seller, 'the billing method of a draft');
  await panel.getByRole('button', { name: 'Submit Project' }).click();
  await expect(panel.getByText('This project bills by progress against a schedule of values.')).toBeVisible();

  // The seller proposes the schedule: two lines that must add up to the contract sum.
  panel = await billing(seller, projectId);
  await panel.getByRole('button', { name: 'Propose the schedule of values' }).click();
  await panel.getByLabel('Contract sum').fill('30000');
  await panel.getByLabel('Description, line 1').fill('Site work');
  await panel.getByLabel('Scheduled value, line 1').fill('10000');
  await panel.getByRole('button', { name: 'Add a line' }).click();
  await panel.getByLabel('Description, line 2').fill('Framing');
  await panel.getByLabel('Scheduled value, line 2').fill('15000');
  await expect(panel.getByRole('status').filter({ hasText: 'Lines total' })).toHaveText(
    'Lines total $25,000.00: $5,000.00 left to schedule of the contract sum of $30,000.00.',
  );
  await panel.getByRole('button', { name: 'Propose this schedule' }).click();
  await expect(panel.getByRole('alert')).toContainText('The lines must add up to the contract sum');
  await panel.getByLabel('Scheduled value, line 2').fill('20000');
  await checkA11y(seller, 'the schedule-of-values editor');
  await panel.getByRole('button', { name: 'Propose this schedule' }).click();
  const versions = panel.getByRole('list', { name: 'Schedule versions' });
  await expect(versions).toContainText('Proposed');
  await expect(versions).toContainText('$30,000.00, 2 lines');

  // The buyer approves it.
  const buyer = await asUser(browser, DEMO.buyer);
  panel = await billing(buyer, projectId);
  await panel.getByRole('button', { name: /^Approve version \d+$/ }).click();
  await expect(panel.getByRole('table', { name: 'Schedule of values' })).toContainText('Framing');
  await expect(panel.getByText('No pay application is waiting.')).toBeVisible();

  // The seller bills by percentages: the columns follow as they type.
  panel = await billing(seller, projectId);
  await panel.getByRole('button', { name: 'Bill this period' }).click();
  await panel.getByLabel('Period to (the last day of the period billed)').fill('2026-11-30');
  await panel.getByLabel('Work this period in percent, line 1').fill('50');
  await panel.getByLabel('Work this period in percent, line 2').fill('25');
  const sheet = panel.getByRole('table', { name: 'Continuation sheet' });
  // Columns: A, B, C, D, typed $, typed %, E, typed F, stored materials' files, G, G ÷ C, H, I, payment due.
  await expect(cell(sheet, '1', 6)).toHaveText('$5,000.00');
  await expect(cell(sheet, '2', 6)).toHaveText('$5,000.00');
  await expect(cell(sheet, '2', 10)).toHaveText('25.00%');
  await expect(cell(sheet, '2', 13)).toHaveText('$4,500.00');
  const billedSummary = panel.getByLabel('Summary as billed', { exact: true });
  await expect(billedSummary).toContainText('8. Current payment due$9,000.00');
  await checkA11y(seller, 'the pay-application grid');
  await panel.getByRole('button', { name: 'Submit the pay application' }).click();
  await expect(panel.getByText('Waiting for the buyer or the certifier to certify it.')).toBeVisible();

  // The buyer names a certifier, who certifies line 1 as billed and reduces line 2, with the reason beside it.
  const namer = await apiSession(browser, DEMO.buyer);
  const certifierApi = await apiSession(browser, DEMO.roofer);
  const certifierId = (await ok<{ user_id: number }>(certifierApi.get('/api/user'), 'certifier')).user_id;
  await certifierApi.close();
  await ok(namer.put(`/api/job/${projectId}/certifier`, { user_id: certifierId }), 'certifier');
  await namer.close();
  const certifier = await asUser(browser, DEMO.roofer);
  await certifier.goto(`/portal/job/${projectId}`);
  await expect(certifier.getByRole('heading', { level: 1 })).toHaveText(`Billing of project #${projectId}`);
  await certifier.getByRole('radiogroup', { name: 'Decision, line 2' }).getByText('Reduce').click();
  await certifier.getByLabel('Work certified this period, line 2').fill('4000');
  await certifier.getByRole('button', { name: 'Certify' }).click();
  await expect(certifier.getByRole('alert')).toContainText('Line 2: give the seller the reason');
  await certifier.getByLabel('Reason, line 2').fill('north wall not framed');
  await expect(certifier.getByRole('status').filter({ hasText: 'Paid now' })).toContainText('Paid now: $8,100.00');
  await checkA11y(certifier, "the certifier's review grid");
  await certifier.getByRole('button', { name: 'Certify' }).click();
  await expect(certifier.getByText('Certified: waiting for the seller to accept the certificate or revise the application.')).toBeVisible();
  await certifier.context().close();

  // The seller reads the decision and accepts the certificate.
  panel = await billing(seller, projectId);
  const certified = panel.getByRole('table', { name: 'Continuation sheet as certified' });
  await expect(certified).toContainText('Reduced: north wall not framed');
  await checkA11y(seller, 'the certificate to accept');
  await panel.getByRole('button', { name: 'Accept the certificate' }).click();
  const history = panel.getByRole('table', { name: 'Pay applications' });
  await expect(history).toContainText('Accepted');
  await expect(history).toContainText('$8,100.00');
  await expect(panel.getByRole('button', { name: 'Bill this period' })).toBeVisible();

  // The buyer signs the escrow agreement and deposits what the draw takes ($8,100.00 paid, $900.00 retained); the deposit clears.
  await signAgreement(buyer, projectId, 'customer', 'Jordan Buyer');
  await signAgreement(seller, projectId, 'company', 'Sam Seller');
  const buyerApi = await apiSession(browser, DEMO.buyer);
  await ok(buyerApi.post(`/api/job/${projectId}/billing/deposits`, { amount: '9000.00' }), 'deposit');
  await expect
    .poll(
      async () => (await ok<{ payment: { status: string } | null }>(buyerApi.get(`/api/job/${projectId}/pay-applications/1`), 'application')).payment?.status,
      {
        timeout: 30_000,
      },
    )
    .toBe('paying');
  await buyerApi.close();

  // Funded, the payout waits for the payee's conditional waiver; the payee (here the seller) signs it on its waivers page.
  panel = await billing(seller, projectId);
  const payment = panel.getByRole('group', { name: 'Payment of pay application 1' });
  await expect(payment).toContainText('Saguaro Build Co.: $8,100.00');
  await expect(payment.getByText('Waiver due')).toBeVisible();
  await checkA11y(seller, 'the billing history with a waiver due');
  await payment.getByRole('link', { name: 'Sign it on Lien waivers' }).click();
  const waivers = seller.getByRole('table', { name: 'Lien waivers of your company' });
  const row = waivers
    .getByRole('row')
    .filter({ hasText: `#${projectId} ` })
    .filter({ hasText: 'Pay application 1, period to 2026-11-30' });
  await row.getByRole('button', { name: 'Sign' }).click();
  const dialog = seller.getByRole('dialog', { name: 'Conditional lien waiver (AZ)' });
  await expect(dialog.getByLabel('Waiver text')).toContainText('Pay application: number 1, for the period to 2026-11-30');
  await dialog.getByLabel('Type your full legal name to sign').fill('Sam Seller');
  await dialog.getByRole('button', { name: 'Sign the waiver' }).click();
  await expect(dialog).toBeHidden();

  // Signed, the draw is paid and the unconditional waiver is issued.
  await expect(async () => {
    const fresh = (await billing(seller, projectId)).getByRole('group', { name: 'Payment of pay application 1' });
    await expect(fresh.getByText('Unconditional waiver issued')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  panel = seller.getByRole('tabpanel', { name: 'Billing' });
  await expect(panel.getByRole('group', { name: 'Payment of pay application 1' })).toContainText('$8,100.00, paid');
  await checkA11y(seller, 'the billing history');

  // The PDF downloads, and says what was certified.
  const [download] = await Promise.all([seller.waitForEvent('download'), history.getByRole('link', { name: 'PDF of pay application 1' }).click()]);
  const text = pdfText(await readFile((await download.path())!));
  const after = (label: string) => text[text.indexOf(label) + 1];
  expect(after('Current payment due (6 - 7)')).toBe('8,100.00');
  expect(text).toContain('reduced: north wall not framed');

  // The unconditional waiver, printable.
  await panel.getByRole('link', { name: 'Print the waiver of Saguaro Build Co. for pay application 1' }).click();
  const waiver = seller.getByRole('article', { name: 'Lien waiver' });
  await expect(waiver).toContainText('UNCONDITIONAL WAIVER AND RELEASE OF LIEN RIGHTS AFTER PAYMENT — ARIZONA (AZ)');
  await expect(waiver).toContainText('held in escrow for pay application 1 (period to 2026-11-30)');
});

test('the certifier the buyer named certifies on the project page, which shows them its billing only', async ({ browser }) => {
  test.setTimeout(120_000);
  const projectId = await draftProject(browser);
  const seller = await apiSession(browser, DEMO.seller);
  const buyer = await apiSession(browser, DEMO.buyer);
  const certifierId = (await ok<{ user_id: number }>((await apiSession(browser, DEMO.electrician)).get('/api/user'), 'certifier')).user_id;
  await ok(seller.put(`/api/job/${projectId}/billing`, { method: 'progress' }), 'billing method');
  await ok(seller.put(`/api/job/${projectId}/draft`, { isDraft: false, job_id: Number(projectId) }), 'submit');
  const line = (number: string, description: string, value: string) => ({
    number,
    description,
    scheduled_value: value,
    payee_id: SELLER_COMPANY,
    retainage: { rate: '5', reduction: null },
  });
  const proposed = await ok<{ versions: { version_id: number }[] }>(
    seller.post(`/api/job/${projectId}/schedule`, { lines: [line('1', 'Demolition', '4000.00'), line('2', 'Drywall', '6000.00')] }),
    'schedule',
  );
  await ok(buyer.post(`/api/job/${projectId}/schedule/${proposed.versions[0]!.version_id}/approve`), 'approval');
  await ok(buyer.put(`/api/job/${projectId}/certifier`, { user_id: certifierId }), 'certifier');
  await ok(
    seller.post(`/api/job/${projectId}/pay-applications`, {
      period_to: '2026-11-30',
      lines: [
        { line: '1', work_percent: '100' },
        { line: '2', work_amount: '1500.00' },
      ],
    }),
    'pay application',
  );
  await seller.close();
  await buyer.close();

  const certifier = await asUser(browser, DEMO.electrician);
  await certifier.goto(`/portal/job/${projectId}`);
  await expect(certifier.getByRole('heading', { level: 1 })).toHaveText(`Billing of project #${projectId}`);
  // As billed: $5,500.00 less 5% retainage.
  await expect(certifier.getByRole('status').filter({ hasText: 'Paid now' })).toContainText('Paid now: $5,225.00; withheld this period: $275.00');
  await checkA11y(certifier, "the certifier's review");
  await certifier.getByRole('button', { name: 'Certify' }).click();
  // Every line as billed: accepted with its certification, the payment released.
  const history = certifier.getByRole('table', { name: 'Pay applications' });
  await expect(history).toContainText('Accepted');
  await expect(certifier.getByText('No pay application is waiting.')).toBeVisible();
  // The certifier certifies and does nothing else: no party's buttons.
  await expect(certifier.getByRole('button', { name: 'Propose a change order' })).toHaveCount(0);
});
