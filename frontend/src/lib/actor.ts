import { COMPANY_ROLE_LABELS, type CompanyRole } from '@escrow/domain';

/**
 * Who did it (issue 37): the person, the role they held in their company when they acted, and the
 * company, as "Dana Pruitt (project manager), Saguaro Build Co.". An event from before roles were
 * recorded names the person only: a role it never stored is not guessed.
 */
export function actorName(name: string, companyRole: CompanyRole | null | undefined, companyName?: string | null): string {
  if (!companyRole) return name;
  const role = COMPANY_ROLE_LABELS[companyRole].toLowerCase();
  return companyName ? `${name} (${role}), ${companyName}` : `${name} (${role})`;
}
