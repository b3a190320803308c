import { type APIResponse, type Browser, expect } from '@playwright/test';

import { type ApiSession, apiSession } from './api';
import { DEMO } from './fixtures';

/** Saguaro Build Co., the demo seller's company. */
const SELLER_COMPANY = 100;

export interface SetUpProject {
  projectId: number;
  milestoneId: number;
  title: string;
}

async function ok<T>(response: Promise<APIResponse>, what: string): Promise<T> {
  const r = await response;
  expect(r.ok(), `${what}: ${r.status()} ${await r.text()}`).toBe(true);
  return (await r.json()) as T;
}

async function milestoneOf(session: ApiSession, projectId: number, milestoneId: number) {
  const all = await ok<{ m_id: number; funded: boolean; deposit_pending: boolean }[]>(session.get(`/api/job/${projectId}/milestones`), 'milestones');
  return all.find((m) => m.m_id === milestoneId)!;
}

/**
 * Through the API, as the app's own calls: the demo seller starts a project for the demo buyer
 * with one milestone and submits it; nobody has approved the milestone yet. For screens a test
 * needs to see in a given state, not for the journeys under test (they go through the pages).
 */
export async function proposedProject(
  browser: Browser,
  title: string,
  amount = '1500.00',
  retainagePercent = '0',
): Promise<SetUpProject & { buyer: ApiSession; seller: ApiSession }> {
  const seller = await apiSession(browser, DEMO.seller);
  const buyer = await apiSession(browser, DEMO.buyer);
  const buyerId = (await ok<{ user_id: number }>(buyer.get('/api/user'), 'buyer')).user_id;
  const { job_id: projectId } = await ok<{ job_id: number }>(
    seller.post('/api/job/basic', { customer_id: buyerId, service: 'Landscaping', primary_company_id: SELLER_COMPANY, customerInitiated: false }),
    'draft',
  );
  // The project's retainage applies to the milestones added after it is set.
  if (retainagePercent !== '0') await ok(seller.put(`/api/job/${projectId}/terms`, { retainage_percent: retainagePercent, site_state: null }), 'terms');
  const { m_id: milestoneId } = await ok<{ m_id: number }>(
    seller.post('/api/milestone', {
      job_id: projectId,
      title,
      definition: `${title}: done and inspected.`,
      payees: [{ jc_id: SELLER_COMPANY, type: 'fixed', amount }],
    }),
    'milestone',
  );
  await ok(seller.put(`/api/job/${projectId}/draft`, { isDraft: false, job_id: projectId }), 'submit');
  return { projectId, milestoneId, title, buyer, seller };
}

/** Proposes an edit of the milestone (a new amount for the seller's company), as Make Edit does. */
export async function proposeEdit(session: ApiSession, project: SetUpProject, amount: string): Promise<number> {
  const { m_id } = await ok<{ m_id: number }>(
    session.post('/api/milestone', {
      job_id: project.projectId,
      original_id: project.milestoneId,
      title: project.title,
      definition: `${project.title}: done and inspected.`,
      payees: [{ jc_id: SELLER_COMPANY, type: 'fixed', amount }],
    }),
    'edit',
  );
  return m_id;
}

/**
 * A proposedProject that both parties approved and whose escrow agreement both signed with their
 * own names: the buyer's Deposit button is then open.
 */
export async function approvedProject(
  browser: Browser,
  title: string,
  amount = '1500.00',
  retainagePercent = '0',
): Promise<SetUpProject & { buyer: ApiSession; seller: ApiSession }> {
  const project = await proposedProject(browser, title, amount, retainagePercent);
  const { projectId, milestoneId, buyer, seller } = project;
  for (const session of [buyer, seller]) await ok(session.post('/api/milestone/approval', { milestone_id: milestoneId, approve: true }), 'approval');
  const agreement = await ok<{ agreement_hash: string }>(buyer.get(`/api/job/${projectId}/agreement`), 'agreement');
  await ok(
    buyer.post(`/api/job/${projectId}/agreement/sign`, { signer_type: 'customer', signed_name: 'Jordan Buyer', agreement_hash: agreement.agreement_hash }),
    'buyer signs',
  );
  await ok(
    seller.post(`/api/job/${projectId}/agreement/sign`, { signer_type: 'company', signed_name: 'Sam Seller', agreement_hash: agreement.agreement_hash }),
    'seller signs',
  );
  return project;
}

/** The buyer links a sandbox account for the project and deposits its milestone. */
async function deposit({ buyer, projectId, milestoneId }: SetUpProject & { buyer: ApiSession }): Promise<void> {
  await ok(
    buyer.post('/api/bank-accounts', {
      purpose: 'deposit',
      job_id: projectId,
      holder_name: 'Jordan Buyer',
      routing_number: '011000015',
      account_number: '000123456789',
    }),
    'bank account',
  );
  await ok(buyer.post('/api/milestone/deposit', { milestone_id: milestoneId }), 'deposit');
}

/**
 * The name of the demo kitchen project's (#1000) agreement as it reads now, signed by the demo
 * buyer (the seed has both sign it; a journey may have changed it since): a signed document to open.
 */
export async function signedDemoAgreement(browser: Browser): Promise<string> {
  const buyer = await apiSession(browser, DEMO.buyer);
  const agreement = await ok<{ contract_name: string; agreement_hash: string; signatures: { buyer: unknown } }>(
    buyer.get('/api/job/1000/agreement'),
    'agreement',
  );
  if (!agreement.signatures.buyer) {
    await ok(
      buyer.post('/api/job/1000/agreement/sign', { signer_type: 'customer', signed_name: 'Jordan Buyer', agreement_hash: agreement.agreement_hash }),
      'signing the demo agreement',
    );
  }
  await buyer.close();
  return agreement.contract_name;
}

/** An approved project whose milestone the buyer has funded (settled by the sandbox); nobody has marked it complete. */
export async function fundedProject(browser: Browser, title: string, amount = '1500.00'): Promise<SetUpProject> {
  const project = await approvedProject(browser, title, amount);
  const { buyer, seller, projectId, milestoneId } = project;
  await deposit(project);
  await expect.poll(async () => (await milestoneOf(buyer, projectId, milestoneId)).funded, { timeout: 30_000 }).toBe(true);
  await buyer.close();
  await seller.close();
  return { projectId, milestoneId, title };
}

/** An approved project whose milestone the buyer has funded (settled by the sandbox) and then disputed. */
export async function disputedProject(browser: Browser, title: string, amount = '1500.00'): Promise<SetUpProject> {
  const project = await approvedProject(browser, title, amount);
  const { buyer, seller, projectId, milestoneId } = project;
  await deposit(project);
  await expect.poll(async () => (await milestoneOf(buyer, projectId, milestoneId)).funded, { timeout: 30_000 }).toBe(true);
  await ok(buyer.post(`/api/milestone/${milestoneId}/dispute`, { statement: 'The retaining wall leans; it was to be plumb.' }), 'dispute');
  await ok(seller.post(`/api/milestone/${milestoneId}/dispute/respond`, { statement: 'The lean is the designed batter of the wall.' }), 'response');
  await buyer.close();
  await seller.close();
  return { projectId, milestoneId, title };
}

/**
 * An approved project with 10% retainage whose milestone the buyer funded and both completed
 * (through the API, as the app's own calls), once its payee is paid: the retainage is held.
 */
async function retainedPaidOutProject(browser: Browser, title: string, amount: string): Promise<SetUpProject & { buyer: ApiSession; seller: ApiSession }> {
  const project = await approvedProject(browser, title, amount, '10');
  const { buyer, seller, projectId, milestoneId } = project;
  await deposit(project);
  // Funds clear after the sandbox's return window; only then can both complete and the payee be paid.
  await expect
    .poll(
      async () =>
        (await ok<{ m_id: number; funds_cleared: boolean }[]>(buyer.get(`/api/job/${projectId}/milestones`), 'milestones')).find((m) => m.m_id === milestoneId)!
          .funds_cleared,
      {
        timeout: 30_000,
      },
    )
    .toBe(true);
  for (const session of [seller, buyer]) await ok(session.put(`/api/milestone/${milestoneId}/complete`, { complete: true }), 'complete');
  return project;
}

/**
 * A project whose milestone is paid out and whose seller asked for the retainage release: the
 * buyer's Approve the retainage release button is open.
 */
export async function retainageAskedProject(browser: Browser, title: string, amount = '1000.00'): Promise<SetUpProject> {
  const { buyer, seller, projectId, milestoneId } = await retainedPaidOutProject(browser, title, amount);
  const retainage = async () => ok<{ can_request: boolean }>(seller.get(`/api/job/${projectId}/retainage`), 'retainage');
  await expect.poll(async () => (await retainage()).can_request, { timeout: 30_000 }).toBe(true);
  await ok(seller.post(`/api/job/${projectId}/retainage/request`), 'retainage request');
  await buyer.close();
  await seller.close();
  return { projectId, milestoneId, title };
}

/**
 * A project whose retainage the buyer disputed, waiting for an administrator; `beforeDecision`
 * runs then (a test's look at the open dispute), and `resolve` refunds it when asked.
 */
export async function retainageRefundedProject(
  browser: Browser,
  title: string,
  amount = '1000.00',
  beforeDecision: (projectId: number) => Promise<void> = async () => undefined,
): Promise<SetUpProject> {
  const { buyer, seller, projectId, milestoneId } = await retainedPaidOutProject(browser, title, amount);
  const payments = async () =>
    ok<{ retainage: { withheld: string }[]; refunds: { reason: string; status: string }[] }>(buyer.get(`/api/job/${projectId}/payments`), 'payments');
  await expect.poll(async () => (await payments()).retainage[0]?.withheld, { timeout: 30_000 }).toBeTruthy();
  await ok(buyer.post(`/api/job/${projectId}/retainage/dispute`, { statement: 'The railing is missing.' }), 'retainage dispute');
  await beforeDecision(projectId);
  const admin = await apiSession(browser, DEMO.admin);
  await ok(admin.post(`/api/admin/job/${projectId}/retainage/resolve`, { resolution: 'refund', note: 'Railing missing.' }), 'retainage refund');
  await admin.close();
  await expect.poll(async () => (await payments()).refunds.map((r) => `${r.reason} ${r.status}`), { timeout: 30_000 }).toEqual(['retainage paid']);
  await buyer.close();
  await seller.close();
  return { projectId, milestoneId, title };
}
