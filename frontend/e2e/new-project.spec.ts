import { DEMO, expect, test } from './support/fixtures';
import { asUser, nextDraftId } from './support/portal';

test('Submit Project stays disabled until the project has a milestone, and says why beside it', async ({ browser }) => {
  const seller = await asUser(browser, DEMO.seller);
  await seller.getByRole('link', { name: 'New project for a buyer' }).click();
  const submit = seller.getByRole('button', { name: 'Submit Project' });
  await expect(submit).toBeDisabled();
  await expect(submit).toHaveAccessibleDescription('Choose the service and the buyer first.');

  const draftId = nextDraftId(seller);
  await seller.getByLabel('Main Service Provided').selectOption('Painting');
  await seller.getByLabel('Find the buyer by phone').fill('6025550123');
  await seller.getByRole('button', { name: 'Search', exact: true }).click();
  await seller.getByRole('button', { name: 'Add to Project' }).click();
  await draftId;
  // The draft exists, the API would refuse it without a milestone: the button says so before it is pressed.
  await expect(submit).toHaveAccessibleDescription('Add at least one milestone before submitting the project.');
  await expect(submit).toBeDisabled();
  await expect(seller.getByText('Add at least one milestone before submitting the project.')).toBeVisible();
  await seller.screenshot({ path: '../.test-results/screenshots/new-project-no-milestone.png', fullPage: true });

  const form = seller.getByRole('form', { name: 'Milestone' });
  await form.getByLabel('Completion criteria').fill('Fence painted, two coats.');
  await form.getByLabel('Amount paid to Saguaro Build Co.').fill('800');
  await form.getByRole('button', { name: 'Add milestone' }).click();
  await expect(seller.getByRole('list', { name: 'Milestones added' })).toContainText('Whole Project Milestone');
  await expect(submit).toBeEnabled();
  await expect(submit).toHaveAccessibleDescription('');
  await submit.click();
  await expect(seller).toHaveURL(/\/portal$/);
});
