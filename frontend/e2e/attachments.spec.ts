import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

import type { FileChooser, Locator, Page } from '@playwright/test';

import { checkA11y } from './support/axe';
import { DEMO, expect, loginAt, test } from './support/fixtures';
import { actions, asUser, card, openProject } from './support/portal';
import { fundedProject } from './support/projects';

/**
 * Issue 27: evidence beside the money. The seller attaches photos of the work to a funded
 * milestone (one chosen with the keyboard, one dropped); the buyer opens a dispute and attaches a
 * PDF; an administrator, in a browser of their own, reads both sides' files on /admin/disputes with
 * who added them, when and their SHA-256 (a photo's as stored and as its taker uploaded it), and
 * downloads the PDF, whose bytes hash to what is shown.
 */

const SHOTS = '../.test-results/screenshots/attachments';

/** A minimal PDF: the sniffer knows it by its header, and it is stored as sent (documents are not re-encoded). */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A small picture drawn on a canvas in the page, as PNG or JPEG bytes. */
async function picture(page: Page, type: 'image/png' | 'image/jpeg', colour: string): Promise<Buffer> {
  const base64 = await page.evaluate(
    ([t, c]) => {
      const canvas = document.createElement('canvas');
      canvas.width = 64;
      canvas.height = 48;
      const g = canvas.getContext('2d')!;
      g.fillStyle = c;
      g.fillRect(0, 0, 64, 48);
      g.fillStyle = '#fff';
      g.fillRect(8, 8, 20, 20);
      return canvas.toDataURL(t).split(',')[1]!;
    },
    [type, colour] as const,
  );
  return Buffer.from(base64, 'base64');
}

/** Drops a file on an uploader as a person drags it there from their desktop. */
async function drop(uploader: Locator, name: string, type: string, bytes: Buffer): Promise<void> {
  const data = await uploader.page().evaluateHandle(
    ([n, t, b]) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([Uint8Array.from(atob(b), (ch) => ch.charCodeAt(0))], n, { type: t }));
      return transfer;
    },
    [name, type, bytes.toString('base64')] as const,
  );
  // The drop zone itself (the role=button of the uploader), where the upload listens for drops.
  const target = uploader.getByRole('button', { name: /Drop files here/ });
  await target.dispatchEvent('dragover', { dataTransfer: data });
  await target.dispatchEvent('drop', { dataTransfer: data });
}

/** The row of a file (not its thumbnail) in a list of files. */
const row = (list: Locator, name: string) =>
  list
    .getByRole('listitem')
    .filter({ has: list.page().getByRole('link', { name, exact: true }) })
    .filter({ hasText: 'SHA-256' });

test('photos of the work and a dispute’s PDF, read by an administrator in a second browser', async ({ browser }) => {
  test.setTimeout(120_000);
  // Its own title: /admin/disputes lists every open dispute of the database, this run's among earlier ones.
  const title = `Patio pavers ${Date.now().toString().slice(-6)}`;
  const { projectId } = await fundedProject(browser, title);

  // The seller: a photo chosen with the keyboard (Enter on the drop zone opens the file chooser), then one dropped.
  const seller = await asUser(browser, DEMO.seller);
  await openProject(seller, String(projectId));
  const work = card(seller, title).getByRole('region', { name: 'Evidence of the work' });
  await expect(work).toContainText('No photos or reports of the work yet.');
  const zone = work.getByRole('button', { name: /Attach photos or reports of the work/ });
  // The card refreshes after it loads (its list, the project's queries): on a loaded machine that
  // can take the focus from the zone between focus() and Enter. Focus, check, press, until the
  // chooser opens: Enter on the focused zone is what is asserted.
  let chooser: FileChooser | null = null;
  await expect(async () => {
    await zone.focus();
    await expect(zone).toBeFocused();
    const opened = seller.waitForEvent('filechooser', { timeout: 3_000 });
    await seller.keyboard.press('Enter');
    chooser = await opened;
  }).toPass({ timeout: 30_000 });
  const before = await picture(seller, 'image/png', '#8a5a2b');
  await chooser!.setFiles({ name: 'before.png', mimeType: 'image/png', buffer: before });
  await expect(work.getByRole('status')).toHaveText('before.png attached.');
  await drop(work, 'after.jpg', 'image/jpeg', await picture(seller, 'image/jpeg', '#4a7a3b'));
  await expect(work.getByRole('status')).toHaveText('after.jpg attached.');
  const photos = work.getByRole('list', { name: 'Evidence of the work', exact: true });
  await expect(row(photos, 'before.png')).toContainText('Added by you (seller)');
  await expect(row(photos, 'after.jpg')).toContainText('SHA-256');
  // The photo is stored drawn again without its metadata; the hash of the one the seller took is shown beside it.
  await expect(row(photos, 'before.png')).toContainText('SHA-256 as stored');
  await expect(row(photos, 'before.png')).toContainText(`SHA-256 as uploaded ${sha256(before).slice(0, 12)}…`);
  await expect(work.getByRole('list', { name: 'Evidence of the work: pictures' }).getByRole('img')).toHaveCount(2);
  // Thumbnails are served by the API (a WebP drawn from the re-encoded photo), not a broken image.
  await expect
    .poll(() => work.getByRole('img', { name: 'before.png' }).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  await checkA11y(seller, 'seller, a milestone card with photos of the work');
  await card(seller, title).screenshot({ path: `${SHOTS}/seller-evidence-of-the-work.png` });

  // A file of a type the API does not take: its refusal in its own words, beside the file's name.
  await work.locator('input[type=file]').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('just text') });
  await expect(work.getByRole('alert')).toContainText(
    'notes.txt was not attached: Attach images (JPEG, PNG, WebP), PDF files or office documents (Word, Excel, PowerPoint).',
  );
  await checkA11y(seller, 'seller, an upload refused for its type');
  await work.getByRole('button', { name: 'Dismiss notes.txt' }).click();
  await expect(work.getByRole('alert')).toHaveCount(0);

  // The buyer opens a dispute and attaches a PDF to it.
  const buyer = await asUser(browser, DEMO.buyer);
  await openProject(buyer, String(projectId));
  await actions(card(buyer, title)).getByRole('button', { name: 'Open a Dispute' }).click();
  const statement = buyer.getByRole('dialog', { name: 'Open a dispute' });
  await statement.getByLabel('What went wrong?').fill('Half the pavers are cracked; see the inspector’s report.');
  await statement.getByRole('button', { name: 'Send' }).click();
  const dispute = card(buyer, title).getByRole('region', { name: 'Dispute evidence' });
  const evidence = dispute.getByRole('region', { name: 'Evidence' });
  await expect(evidence.getByRole('button', { name: /Attach your evidence/ })).toBeVisible();
  await evidence.locator('input[type=file]').setInputFiles({ name: 'inspection.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(evidence.getByRole('status')).toHaveText('inspection.pdf attached.');
  const mine = evidence.getByRole('region', { name: 'The buyer’s evidence' });
  await expect(row(mine, 'inspection.pdf')).toContainText('Added by you (buyer)');
  await expect(row(mine, 'inspection.pdf')).toContainText(sha256(PDF));
  await checkA11y(buyer, 'buyer, a dispute with its evidence');
  await dispute.screenshot({ path: `${SHOTS}/buyer-dispute-evidence.png` });

  // An administrator, in a second browser, reads both sides and downloads the PDF.
  const admin = await (await browser.newContext({ acceptDownloads: true, viewport: { width: 1366, height: 900 } })).newPage();
  await loginAt(admin, DEMO.admin);
  await expect(admin).toHaveURL(/\/admin$/);
  await admin.goto('/admin/disputes');
  const adminCard = admin.getByRole('region', { name: `Dispute on ${title}` });
  const buyerSide = adminCard.getByRole('region', { name: 'The buyer’s evidence' });
  const sellerSide = adminCard.getByRole('region', { name: 'The seller’s evidence' });
  await expect(row(buyerSide, 'inspection.pdf')).toContainText('Added by Jordan Buyer (buyer)');
  await expect(row(buyerSide, 'inspection.pdf')).toContainText('In the dispute');
  await expect(row(buyerSide, 'inspection.pdf')).toContainText(`SHA-256 ${sha256(PDF).slice(0, 12)}… (stored as uploaded)`);
  await expect(row(buyerSide, 'inspection.pdf')).toContainText(sha256(PDF));
  for (const name of ['before.png', 'after.jpg']) {
    await expect(row(sellerSide, name)).toContainText('Evidence of the work');
    await expect(row(sellerSide, name)).toContainText(/Added by Sam Seller \(seller\), \w{3} \d{1,2}, \d{4}/);
  }
  // Each photo: as stored and as uploaded.
  const sellerHashes = await sellerSide.locator('.el-files__hash code').evaluateAll((codes) => codes.map((c) => c.getAttribute('title')));
  expect(sellerHashes).toHaveLength(4);
  expect(sellerHashes).toContain(sha256(before));
  for (const hash of sellerHashes) expect(hash).toMatch(/^[0-9a-f]{64}$/);
  const download = admin.waitForEvent('download');
  await row(buyerSide, 'inspection.pdf').getByRole('link', { name: 'inspection.pdf' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('inspection.pdf');
  expect(sha256(readFileSync((await file.path())!))).toBe(sha256(PDF));
  // The pointer leaves the link it clicked (its hover colour is the theme's, checked on its own pages).
  await admin.mouse.move(0, 0);
  await checkA11y(admin, 'admin, a dispute with both sides’ evidence');
  await adminCard.screenshot({ path: `${SHOTS}/admin-dispute-evidence.png` });
  await admin.context().close();
});
