import type { SigningPolicy } from '@escrow/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { currentUserKey } from '../../../api/current-user';
import { api, asCommand } from '../../../lib/api-client';
import { teamKeys } from './keys';

/** Who may sign escrow agreements for the company (`PUT /api/company/signing-policy`, owners, step-up). */
export function useSetSigningPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (signing_policy: SigningPolicy) => {
      await api.put('/company/signing-policy', { signing_policy }, asCommand());
    },
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: teamKeys.mine() }), queryClient.invalidateQueries({ queryKey: currentUserKey() })]),
  });
}
