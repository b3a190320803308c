import { createHash } from 'node:crypto';

import { expect, type Page } from '@playwright/test';

import { query } from './db';
import { DEMO, loginAt } from './fixtures';
import { nextTotpCode } from './second-factor';

/**
 * A demo user (the buyer unless named) in a browser of its own (a session no other journey
 * shares), its second factor checked an hour ago: past the step-up window, so what needs a fresh
 * factor (the buyer's consent to let escrowed money go, a payee's lien waiver) asks for a code in
 * place (issue 35.3).
 */
export async function pastTheWindow(page: Page, email: string = DEMO.buyer): Promise<void> {
  await loginAt(page, email);
  await expect(page).toHaveURL(/\/portal$/);
  const sid = (await page.context().cookies()).find((c) => c.name === 'sid')!.value;
  const aged = await query(`UPDATE sessions SET second_factor_at = now() - interval '1 hour' WHERE token_hash = $1 RETURNING session_id`, [
    createHash('sha256').update(sid).digest(),
  ]);
  expect(aged).toHaveLength(1);
}

/** Answers the "Confirm it's you" dialog with the next code of the user's (the buyer's) authenticator app. */
export async function confirmWithCode(page: Page, email: string = DEMO.buyer): Promise<void> {
  const stepUp = page.getByRole('dialog', { name: "Confirm it's you" });
  await expect(stepUp).toBeVisible();
  await stepUp.getByLabel('Authentication code').fill(await nextTotpCode(email));
  await stepUp.getByRole('button', { name: 'Confirm' }).click();
  await expect(stepUp).toBeHidden();
}
