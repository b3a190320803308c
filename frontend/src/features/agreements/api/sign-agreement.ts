import type { SignedAgreementView } from '@escrow/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { projectKeys } from '../../../api/projects';
import { api } from '../../../lib/api-client';

export function useSignAgreement(jobId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { signer_type: 'customer' | 'company'; signed_name: string; agreement_hash: string }) =>
      (await api.post<SignedAgreementView>(`/job/${jobId}/agreement/sign`, input)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectKeys.detail(jobId) }),
  });
}
