import type { AgreementView } from '@escrow/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../lib/api-client';
import { projectKeys } from './projects';

// Shared: the milestone card asks who still has to sign, and a lien waiver is signed with the same
// legal name as the agreement. Reading and signing the agreement itself is features/agreements.

export const useAgreement = (projectId: number, enabled = true) =>
  useQuery({ queryKey: projectKeys.agreement(projectId), queryFn: async () => (await api.get<AgreementView>(`/job/${projectId}/agreement`)).data, enabled });

/** Who still has to sign before the buyer may deposit (the API refuses a deposit until both have). */
export function missingSignatures(agreement: Pick<AgreementView, 'signatures'>): ('buyer' | 'seller')[] {
  return (['buyer', 'seller'] as const).filter((party) => agreement.signatures[party] === null);
}
/** Whether someone still to sign had signed an earlier text: the agreement changed since, and says so. */
export function agreementChanged(agreement: Pick<AgreementView, 'signatures' | 'earlier_signatures'>): boolean {
  return missingSignatures(agreement).some((party) => agreement.earlier_signatures?.[party] != null);
}

const normalName = (name: string) => name.trim().replace(/\s+/g, ' ');

/** The name a person signs with: their account's first and last name (the API checks the same). */
export const legalNameOf = (user: { first_name: string; last_name: string }): string => normalName(`${user.first_name} ${user.last_name}`);

/** A typed signature is the signer's legal name whatever its case and spacing. */
export const isOwnLegalName = (typed: string, user: { first_name: string; last_name: string }): boolean =>
  normalName(typed).toLocaleLowerCase('en-US') === legalNameOf(user).toLocaleLowerCase('en-US');
