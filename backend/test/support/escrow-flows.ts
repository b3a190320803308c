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
