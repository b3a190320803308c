import { type APIResponse, type Browser, expect, type Locator, type Page } from '@playwright/test';

import { apiSession } from './api';
import { DEMO } from './fixtures';
import { openProject, openTab } from './portal';

/** The journeys of a progress-billed project (issue 38): its setup through the API, and the Billing tab. */

/** Saguaro Build Co., the demo seller's company. */
export const SELLER_COMPANY = 100;

/** An API answer that must succeed, read as JSON; a failure says what was asked and what came back. */
export async function ok<T>(response: Promise<APIResponse>, what: string): Promise<T> {
  const r = await response;
  expect(r.ok(), `${what}: ${r.status()} ${await r.text()}`).toBe(true);
  return (await r.json()) as T;
}

/** Through the API, as the app's own calls: a draft between the demo parties, started by the seller (its job site in `siteState`, if named). */
export async function draftProject(browser: Browser, siteState: string | null = null): Promise<string> {
  const seller = await apiSession(browser, DEMO.seller);
  const buyer = await apiSession(browser, DEMO.buyer);
  const buyerId = (await ok<{ user_id: number }>(buyer.get('/api/user'), 'buyer')).user_id;
  const { job_id: projectId } = await ok<{ job_id: number }>(
    seller.post('/api/job/basic', { customer_id: buyerId, service: 'Landscaping', primary_company_id: SELLER_COMPANY, customerInitiated: false }),
    'draft',
  );
  if (siteState) await ok(seller.put(`/api/job/${projectId}/terms`, { retainage_percent: '0', site_state: siteState }), 'terms');
  await buyer.close();
  await seller.close();
  return String(projectId);
}

/** The Billing tab of the project, read afresh (the other party changed it meanwhile). */
export async function billingTab(page: Page, projectId: string): Promise<Locator> {
  await openProject(page, projectId);
  await openTab(page, 'Billing');
  const panel = page.getByRole('tabpanel', { name: 'Billing' });
  await expect(panel.getByRole('heading', { name: 'Billing method' })).toBeVisible();
  return panel;
}
