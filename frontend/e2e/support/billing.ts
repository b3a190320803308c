import { type APIResponse, type Browser, expect, type Locator, type Page } from '@playwright/test';

import { apiSession } from './api';
import { DEMO } from './fixtures';
import { asUser, openProject, openTab, signAgreement } from './portal';

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

type Application = { payment: { status: string; payees: { payee_id: number; amount: string; paid: boolean }[] } | null };
type Schedule = { versions: { version_id: number }[] };

/**
 * Through the API and the agreement pages: a progress-billed project whose work is complete,
 * certified as billed and funded in full ($20,333.33), its draw of $18,716.66 paid and $1,616.67
 * of retainage held: the electrician's wiring ($12,000.00 at 10%: $1,200.00) and the seller's
 * carpentry ($8,333.33 at 5%: $416.6665, held as $416.67). With a job site in a waiver state,
 * `whilePaying` has each payee sign its conditional waiver, without which the draw waits.
 */
export async function retainageHeldProject(
  browser: Browser,
  siteState: string | null = null,
  whilePaying: (projectId: string) => Promise<void> = async () => undefined,
): Promise<{ projectId: string; electric: number }> {
  const projectId = await draftProject(browser, siteState);
  const seller = await apiSession(browser, DEMO.seller);
  const buyer = await apiSession(browser, DEMO.buyer);
  const electrician = await apiSession(browser, DEMO.electrician);
  const electric = (await ok<{ company: { company_id: number } }>(electrician.get('/api/user'), 'the electrician')).company.company_id;
  await electrician.close();

  await ok(seller.put(`/api/job/${projectId}/billing`, { method: 'progress' }), 'billing method');
  await ok(seller.put(`/api/job/${projectId}/draft`, { isDraft: false, job_id: Number(projectId) }), 'submit');
  const line = (number: string, description: string, value: string, payee: number, rate: string) => ({
    number,
    description,
    scheduled_value: value,
    payee_id: payee,
    retainage: { rate, reduction: null },
  });
  const proposed = await ok<Schedule>(
    seller.post(`/api/job/${projectId}/schedule`, {
      lines: [line('1', 'Rough-in wiring', '12000.00', electric, '10'), line('2', 'Trim carpentry', '8333.33', SELLER_COMPANY, '5')],
    }),
    'schedule',
  );
  await ok(buyer.post(`/api/job/${projectId}/schedule/${proposed.versions[0]!.version_id}/approve`), 'approval');

  // The work complete: one application billing every line in full, certified as billed (so accepted with it).
  await ok(
    seller.post(`/api/job/${projectId}/pay-applications`, {
      period_to: '2026-11-30',
      lines: [
        { line: '1', work_percent: '100' },
        { line: '2', work_percent: '100' },
      ],
    }),
    'pay application',
  );
  await ok(
    buyer.post(`/api/job/${projectId}/pay-applications/1/certify`, {
      revision: 1,
      lines: [
        { line: '1', decision: 'as_billed' },
        { line: '2', decision: 'as_billed' },
      ],
    }),
    'certification',
  );

  // Funded in full ($18,716.66 paid now, $1,616.67 retained).
  const sellerPage = await asUser(browser, DEMO.seller);
  const buyerPage = await asUser(browser, DEMO.buyer);
  await signAgreement(buyerPage, projectId, 'customer', 'Jordan Buyer');
  await signAgreement(sellerPage, projectId, 'company', 'Sam Seller');
  await buyerPage.context().close();
  await sellerPage.context().close();
  await ok(buyer.post(`/api/job/${projectId}/billing/deposits`, { amount: '20333.33' }), 'deposit');
  const application = () => ok<Application>(buyer.get(`/api/job/${projectId}/pay-applications/1`), 'application');
  await expect.poll(async () => (await application()).payment?.status, { timeout: 30_000 }).toMatch(/^(paying|paid)$/);
  expect((await application()).payment!.payees).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ payee_id: electric, amount: '10800.00' }),
      expect.objectContaining({ payee_id: SELLER_COMPANY, amount: '7916.66' }),
    ]),
  );
  await whilePaying(projectId);
  await expect.poll(async () => (await application()).payment?.status, { timeout: 30_000 }).toBe('paid');
  await seller.close();
  await buyer.close();
  return { projectId, electric };
}
