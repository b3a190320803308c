import { signByBoth, submitProject } from './escrow-flows';
import { eventually } from './event-store-fixture';
import { type CreatedUser, createSeller, createUser, type HttpAnswer, HttpSession, startSession } from './http-session';
import type { TestApp } from './test-app';

function ok<T extends HttpAnswer>(answer: T, what: string): T {
  if (answer.status < 200 || answer.status > 299) throw new Error(`${what} failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer;
}

export interface EscrowParties {
  buyer: CreatedUser;
  seller: CreatedUser & { companyId: number };
  sessions: { buyer: HttpSession; seller: HttpSession };
}

/** A buyer and a seller company with a user each, signed in. */
export async function createParties(app: TestApp, sellerName = 'Mesa General Contracting'): Promise<EscrowParties> {
  const buyer = await createUser(app.db.pool, { firstName: 'Olivia', lastName: 'Owner' });
  const seller = await createSeller(app.db.pool, { name: sellerName, services: ['General Contracting'] });
  const session = async (user: CreatedUser) => new HttpSession(app.http).setCookie('sid', await startSession(app.db.pool, user.userId));
  return { buyer, seller, sessions: { buyer: await session(buyer), seller: await session(seller) } };
}

/** A submitted project with both signatures and a first milestone (proposed), started by the seller. */
export async function createSignedProject(parties: EscrowParties): Promise<{ jobId: number; firstMilestone: number }> {
  const { sessions, buyer, seller } = parties;
  const created = ok(
    await sessions.seller.post('/api/job/basic', {
      customer_id: buyer.userId,
      customer_name: buyer.name,
      service: 'General Contracting',
      primary_company_id: seller.companyId,
      customerInitiated: false,
    }),
    'creating a project',
  );
  const projectId = created.body.job_id as number;
  const firstMilestone = await proposeMilestone(parties, projectId, '100.00');
  await submitProject(sessions.seller, projectId);
  await signByBoth(sessions, projectId, { buyer: buyer.name, seller: seller.name });
  return { jobId: projectId, firstMilestone };
}

/** The project of each milestone these helpers proposed (version id → job id). */
const jobOfMilestone = new Map<number, number>();

/** Proposes a milestone of one fixed payee (the seller); its version id (m_id). */
export async function proposeMilestone(parties: EscrowParties, projectId: number, amount: string): Promise<number> {
  const proposed = ok(
    await parties.sessions.seller.post('/api/milestone', {
      job_id: projectId,
      title: `Milestone of ${amount}`,
      definition: 'Work done and inspected.',
      payees: [{ jc_id: parties.seller.companyId, type: 'fixed', amount }],
    }),
    'proposing a milestone',
  );
  jobOfMilestone.set(proposed.body.m_id as number, projectId);
  return proposed.body.m_id as number;
}

/** Approved by both, funded (deposit settled), then completed by both and paid out. Stops early at `until`. */
export async function runMilestone(parties: EscrowParties, milestoneId: number, until: 'agreed' | 'funded' | 'paid' = 'paid'): Promise<void> {
  const { buyer, seller } = parties.sessions;
  ok(await buyer.post('/api/milestone/approval', { milestone_id: milestoneId, approve: true }), 'buyer approval');
  ok(await seller.post('/api/milestone/approval', { milestone_id: milestoneId, approve: true }), 'seller approval');
  if (until === 'agreed') return;
  // The milestone changed the agreement's text: both sign it as it reads now before its deposit.
  await signByBoth(parties.sessions, jobOfMilestone.get(milestoneId)!, { buyer: parties.buyer.name, seller: parties.seller.name });
  ok(await buyer.post('/api/milestone/deposit', { milestone_id: milestoneId }), 'deposit');
  await eventually(
    () => buyer.get(`/api/milestone/${milestoneId}/deposits`),
    (a) => a.body?.[0]?.payment_status === 'settled',
    30_000,
  );
  if (until === 'funded') return;
  ok(await seller.put(`/api/milestone/${milestoneId}/complete`, { complete: true }), 'seller completion');
  ok(await buyer.put(`/api/milestone/${milestoneId}/complete`, { complete: true }), 'buyer completion');
  await eventually(
    () => seller.get(`/api/milestone/${milestoneId}/disbursements`),
    (a) => a.body?.length > 0 && a.body.every((d: { status: string }) => d.status === 'paid'),
    30_000,
  );
}

/**
 * A submitted project withholding `percent` retainage, with no job-site state (no waivers): its
 * one milestone of `amount` (the seller the payee) approved, signed, funded, cleared, completed
 * by both and paid out, so its retainage is held, ready for release or dispute.
 */
export async function paidOutRetainedProject(parties: EscrowParties, percent: string, amount: string): Promise<{ jobId: number; milestoneId: number }> {
  const { seller } = parties.sessions;
  const projectId = ok(
    await seller.post('/api/job/basic', {
      customer_id: parties.buyer.userId,
      customer_name: parties.buyer.name,
      service: 'Framing',
      primary_company_id: parties.seller.companyId,
      customerInitiated: false,
    }),
    'creating a project',
  ).body.job_id as number;
  ok(await seller.put(`/api/job/${projectId}/terms`, { retainage_percent: percent, site_state: null }), 'setting the retainage');
  const milestoneId = await proposeMilestone(parties, projectId, amount);
  await submitProject(seller, projectId);
  await runMilestone(parties, milestoneId, 'paid');
  return { jobId: projectId, milestoneId };
}
