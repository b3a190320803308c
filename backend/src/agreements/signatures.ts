import type { ActiveProject } from '@escrow/domain';

/** Who signed this text of the agreement, and when (a signature of another text is not shown). */
export function signaturesOf(project: ActiveProject, hash: string) {
  const of = (party: 'customer' | 'company') => {
    const s = project.signatures[party];
    return s && s.agreementHash === hash ? { signed_name: s.signedName, at: s.at } : null;
  };
  return { buyer: of('customer'), seller: of('company') };
}

/** A signed text as it was signed, with who signed it when (/portal/signed/{contract_name}). */
export interface SignedAgreementView {
  contract_name: string;
  job_id: number;
  agreement_hash: string;
  text: string;
  signatures: ReturnType<typeof signaturesOf>;
}
