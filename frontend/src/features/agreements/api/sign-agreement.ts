import type { SignedAgreementView } from '@escrow/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { projectKeys } from '../../../api/projects';
import { api } from '../../../lib/api-client';

export function useSignAgreement(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { signer_type: 'customer' | 'company'; signed_name: string; agreement_hash: string }) =>
      (await api.post<SignedAgreementView>(`/job/${projectId}/agreement/sign`, input)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectKeys.detail(projectId) }),
  });
}
