import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, asCommand } from '../../../lib/api-client';
import { adminKeys } from './keys';

export interface DisputeResolution {
  originalId: number;
  resolution: 'release' | 'refund' | 'split';
  /** Only for a split: what goes back to the buyer, e.g. "5000.00"; the rest is released. */
  refund_amount?: string;
  note?: string;
}

export function useResolveDispute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ originalId, ...body }: DisputeResolution) =>
      (await api.post(`/admin/milestones/${originalId}/dispute/resolve`, body, asCommand())).data,
    // Money moved (or a proposal waits): every admin figure may have changed. Not awaited: the
    // refetch replaces the form, and the caller's own onSuccess must run before it goes.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
