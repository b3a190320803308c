import type { ActiveProject, AgreementSignaturesView, EarlierSignaturesView } from '@escrow/domain';

export type { SignedAgreementView } from '@escrow/domain';

type Party = 'customer' | 'company';

/** Who signed this text of the agreement, and when (a signature of another text is not shown). */
export function signaturesOf(project: ActiveProject, hash: string): AgreementSignaturesView {
  const of = (party: Party) => {
    const s = project.signatureLog.findLast((x) => x.party === party && x.agreementHash === hash);
    return s ? { signed_name: s.signedName, at: s.at, signer_company_role: s.signerCompanyRole ?? null } : null;
  };
  return { buyer: of('customer'), seller: of('company') };
}

/**
 * A party whose latest signature is of an earlier text: the terms changed since it signed, and
 * it signs again before the next deposit. Null for a party that signed this text or never signed.
 */
export function earlierSignaturesOf(project: ActiveProject, hash: string): EarlierSignaturesView {
  const of = (party: Party) => {
    const s = project.signatures[party];
    return s && s.agreementHash !== hash ? { at: s.at, contract_name: s.contractName } : null;
  };
  return { buyer: of('customer'), seller: of('company') };
}
