import type { AgreementView, SignedAgreementView } from '@escrow/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '../lib/api-client';
import { projectKeys } from './projects';

export const useAgreement = (jobId: number, enabled = true) =>
  useQuery({ queryKey: projectKeys.agreement(jobId), queryFn: async () => (await api.get<AgreementView>(`/job/${jobId}/agreement`)).data, enabled });

/** Who still has to sign before the buyer may deposit (the API refuses a deposit until both have). */
export function missingSignatures(agreement: Pick<AgreementView, 'signatures'>): ('buyer' | 'seller')[] {
  return (['buyer', 'seller'] as const).filter((party) => agreement.signatures[party] === null);
}
/** Whether someone still to sign had signed an earlier text: the agreement changed since, and says so. */
export function agreementChanged(agreement: Pick<AgreementView, 'signatures' | 'earlier_signatures'>): boolean {
  return missingSignatures(agreement).some((party) => agreement.earlier_signatures?.[party] != null);
}

export const useSignedAgreement = (name: string) =>
  useQuery({ queryKey: projectKeys.signed(name), queryFn: async () => (await api.get<SignedAgreementView>(`/agreements/${encodeURIComponent(name)}`)).data });

export function useSignAgreement(jobId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { signer_type: 'customer' | 'company'; signed_name: string; agreement_hash: string }) =>
      (await api.post<SignedAgreementView>(`/job/${jobId}/agreement/sign`, input)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectKeys.detail(jobId) }),
  });
}

const normalName = (name: string) => name.trim().replace(/\s+/g, ' ');

/** The name a person signs with: their account's first and last name (the API checks the same). */
export const legalNameOf = (user: { first_name: string; last_name: string }): string => normalName(`${user.first_name} ${user.last_name}`);

/** A typed signature is the signer's legal name whatever its case and spacing. */
export const isOwnLegalName = (typed: string, user: { first_name: string; last_name: string }): boolean =>
  normalName(typed).toLocaleLowerCase('en-US') === legalNameOf(user).toLocaleLowerCase('en-US');
