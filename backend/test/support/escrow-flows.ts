import type { HttpSession } from './http-session';

function ok<T extends { status: number; body: unknown }>(answer: T, what: string): T {
  if (answer.status < 200 || answer.status > 299) throw new Error(`${what} failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer;
}

/** Signs the project's escrow agreement as it reads now, with the signer's own name. */
export async function signAgreement(session: HttpSession, projectId: number, party: 'customer' | 'company', name: string): Promise<string> {
  const agreement = ok(await session.get(`/api/job/${projectId}/agreement`), 'reading the agreement');
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
