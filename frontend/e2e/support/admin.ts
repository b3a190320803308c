import { expect, type Locator, type Page } from '@playwright/test';

/**
 * An open dispute's card on /admin/disputes, once its evidence has drawn. The evidence loads after
 * the card and draws above the resolution form, moving it down: a click aimed at a radio before
 * then can land beside it ("Clicking the checkbox did not change its state", under load).
 */
export async function openDisputeCard(page: Page, title: string): Promise<Locator> {
  const card = page.getByRole('region', { name: `Dispute on ${title}` });
  await expect(card.getByRole('region', { name: 'Evidence' }).getByText('Attach a file to the dispute')).toBeVisible();
  return card;
}
