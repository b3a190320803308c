import { query } from './support/db';
import { expect, test } from './support/fixtures';
import { actions, card, openProject, openTab } from './support/portal';
import { fundedProject, retainageAskedProject } from './support/projects';
import { confirmWithCode, pastTheWindow } from './support/step-up';

/**
 * Issue 35.3 in the browser: the buyer's consent to let escrowed money go needs a fresh second
 * factor, as a deposit does. A buyer whose step-up has expired clicks the button, is asked in
 * place ("Confirm it's you"), enters a code, and what was clicked goes on.
 */

test('the buyer past the step-up window marks a milestone complete: asked for a code in place, then it is marked', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const project = await fundedProject(browser, 'Step-up gazebo', '350.00');
  await pastTheWindow(page);

  await openProject(page, String(project.projectId));
  const c = card(page, 'Step-up gazebo');
  await actions(c).getByRole('button', { name: 'Mark Complete' }).click();
  await confirmWithCode(page);
  // The click went on after the confirmation: the buyer's mark is recorded.
  await expect(actions(c).getByRole('button', { name: 'Take Back Completion' })).toBeVisible();
  const [row] = await query<{ n: number }>(`SELECT count(*)::int AS n FROM events WHERE type = 'MilestoneMarkedComplete' AND (data->>'originalId')::int = $1`, [
    project.milestoneId,
  ]);
  expect(row!.n).toBe(1);
});

test('the buyer past the step-up window approves the retainage release: asked for a code in place, then it is released', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const project = await retainageAskedProject(browser, 'Step-up pergola', '800.00');
  await pastTheWindow(page);

  await openProject(page, String(project.projectId));
  await openTab(page, 'Retainage');
  const retainage = page.getByRole('region', { name: 'Retainage' });
  await expect(retainage).toContainText('Release of $80.00 asked for by the seller');
  await retainage.getByRole('button', { name: 'Approve the retainage release' }).click();
  await confirmWithCode(page);
  await expect(retainage.getByRole('list', { name: 'Retainage decisions' })).toContainText('Released $80.00 by both parties');
});
