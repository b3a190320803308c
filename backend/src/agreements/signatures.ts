import type { ActiveProject } from '@escrow/domain';

/** Who signed this text of the agreement, and when (a signature of another text is not shown). */
export function signaturesOf(project: ActiveProject, hash: string) {
  const of = (party: 'customer' | 'company') => {
    const s = project.signatures[party];
    return s && s.agreementHash === hash ? { signed_name: s.signedName, at: s.at } : null;
  };
  return { buyer: of('customer'), seller: of('company') };
}
