import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { DEMO, expect, loginAt, test } from './support/fixtures';

const verifier = fileURLToPath(new URL('../../projections/bin/verify-audit-bundle.mjs', import.meta.url));

test('an admin checks the hash chain, downloads a signed project bundle, and it verifies offline', async ({ page }) => {
  test.setTimeout(90_000);
  await loginAt(page, DEMO.admin);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/operations');
  await page.getByRole('button', { name: 'Verify the hash chain' }).click();
  await expect(page.getByRole('status', { name: 'Chain check' })).toContainText('Every hash chain intact', { timeout: 60_000 });
  // The key the bundle is signed with: a development key here (no AUDIT_SIGNING_KEY), its public half on the page.
  await expect(page.getByText('development key in the data folder')).toBeVisible();
  const key = await (await page.request.get('/api/admin/audit/signing-key')).json();
  await expect(page.getByRole('region', { name: 'Public key' })).toContainText('BEGIN PUBLIC KEY');

  await page.goto('/admin/job/1000');
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Audit bundle (signed)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('escrow-audit-project-1000.jsonl');
  const dir = mkdtempSync(join(tmpdir(), 'e2e-bundle-'));
  const file = join(dir, 'bundle.jsonl');
  await download.saveAs(file);
  writeFileSync(join(dir, 'key.pem'), key.publicKeyPem);
  const output = execFileSync(process.execPath, [verifier, file, '--public-key', join(dir, 'key.pem')], { encoding: 'utf8' });
  expect(output).toContain('VERIFIED: the bundle is intact');
});

test('a seller registers a webhook endpoint in the portal, sees its secret once, and rotates it', async ({ page }) => {
  await loginAt(page, DEMO.seller);
  await expect(page).toHaveURL(/\/portal$/);
  await page.getByRole('link', { name: 'Integrations' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Integrations');
  await page.getByLabel('URL of your receiver').fill('http://hooks.example.com/escrow');
  await page.getByLabel('Deposit settled', { exact: true }).check();
  await page.getByLabel('Disbursement paid', { exact: true }).check();
  await page.getByRole('button', { name: 'Add endpoint' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'https://' })).toContainText('The URL must start with https://');
  await page.getByLabel('URL of your receiver').fill('https://hooks.example.com/escrow');
  await page.getByRole('button', { name: 'Add endpoint' }).click();
  const secret = page.getByRole('dialog', { name: 'Your signing secret' });
  await expect(secret).toContainText(/whsec_[A-Za-z0-9_-]{43}/);
  await secret.getByRole('button', { name: 'I have copied it' }).click();
  const row = page.getByRole('row').filter({ hasText: 'https://hooks.example.com/escrow' });
  await expect(row).toContainText('Deposit settled');
  await expect(row).toContainText('Active');
  await row.getByRole('button', { name: 'Rotate secret of https://hooks.example.com/escrow' }).click();
  await page.getByRole('dialog', { name: 'Rotate the signing secret' }).getByRole('button', { name: 'Rotate' }).click();
  await expect(page.getByRole('dialog', { name: 'Your signing secret' })).toContainText('The previous secret keeps signing too until');
  await page.getByRole('button', { name: 'I have copied it' }).click();
  await expect(row).toContainText('Rotated; the previous one signs too until');
});
