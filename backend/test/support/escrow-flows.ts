import type { HttpSession } from './http-session';

function ok<T extends { status: number; body: unknown }>(answer: T, what: string): T {
  if (answer.status < 200 || answer.status > 299) throw new Error(`${what} failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer;
}

/**
 * A read as the portal makes it: a 503 "still being updated" (the read models behind the caller's
 * own change, which a loaded test server can take longer than READ_YOUR_WRITES_TIMEOUT_MS to
 * reach) is asked again after its Retry-After, a few times, as the API asks clients to.
 */
async function readAsThePortal(session: HttpSession, url: string, what: string) {
  for (let attempt = 1; ; attempt++) {
    const answer = await session.get(url);
    if (answer.status !== 503 || attempt === 5) return ok(answer, what);
    await new Promise((wait) => setTimeout(wait, 1000 * Number(answer.headers['retry-after'] ?? 1)));
  }
}

/** Signs the project's escrow agreement as it reads now, with the signer's own name. */
export async function signAgreement(session: HttpSession, projectId: number, party: 'customer' | 'company', name: string): Promise<string> {
  const agreement = await readAsThePortal(session, `/api/job/${projectId}/agreement`, 'reading the agreement');
  const signed = ok(
    await session.post(`/api/job/${projectId}/agreement/sign`, { signer_type: party, signed_name: name, agreement_hash: agreement.body.agreement_hash }),
    `signing as the ${party}`,
  );
  return signed.body.contract_name as string;
}

/** Both parties sign (deposits need both signatures). */
export async function signByBoth(
  parties: { buyer: HttpSession; seller: HttpSession },
  projectId: number,
  names: { buyer: string; seller: string },
): Promise<void> {
  await signAgreement(parties.buyer, projectId, 'customer', names.buyer);
  await signAgreement(parties.seller, projectId, 'company', names.seller);
}

/** Submits a draft (it needs a milestone first). */
export async function submitProject(session: HttpSession, projectId: number): Promise<void> {
  ok(await session.put(`/api/job/${projectId}/draft`, { isDraft: false, job_id: projectId }), 'submitting the project');
}

/** A line of a schedule of values as `POST …/schedule` takes it, retained at 10% (down to a reduced rate when given). */
export function scheduleLine(number: string, description: string, scheduledValue: string, payeeId: number, reduction: object | null = null) {
  return { number, description, scheduled_value: scheduledValue, payee_id: payeeId, retainage: { rate: '10', reduction } };
}

/**
 * A submitted progress-billed project of the buyer with the seller's company (docs/progress-billing.md),
 * `lines` approved as its schedule: its job site's state set first when `siteState` is given, and the
 * escrow agreement signed by both when `signAs` names them (deposits need both signatures).
 */
export async function progressBilledProject(
  parties: { buyer: HttpSession; seller: HttpSession },
  project: {
    buyer: { userId: number; name: string };
    sellerCompanyId: number;
    lines: ReturnType<typeof scheduleLine>[];
    siteState?: string | null;
    signAs?: { buyer: string; seller: string };
  },
): Promise<number> {
  const { buyer, seller } = parties;
  const created = ok(
    await seller.post('/api/job/basic', {
      customer_id: project.buyer.userId,
      customer_name: project.buyer.name,
      service: 'General Contracting',
      primary_company_id: project.sellerCompanyId,
      customerInitiated: false,
    }),
    'creating the project',
  );
  const jobId = created.body.job_id as number;
  ok(await seller.put(`/api/job/${jobId}/billing`, { method: 'progress' }), 'choosing progress billing');
  if (project.siteState !== undefined) {
    ok(await seller.put(`/api/job/${jobId}/terms`, { retainage_percent: '0', site_state: project.siteState }), 'setting the job site');
  }
  await submitProject(seller, jobId);
  const proposed = ok(await seller.post(`/api/job/${jobId}/schedule`, { lines: project.lines }), 'proposing the schedule');
  ok(await buyer.post(`/api/job/${jobId}/schedule/${proposed.body.versions[0].version_id}/approve`), 'approving the schedule');
  if (project.signAs) await signByBoth(parties, jobId, project.signAs);
  return jobId;
}
