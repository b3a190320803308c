import type { BillingDepositView } from '@escrow/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { projectKeys } from '../../../api/projects';
import { api, asCommand } from '../../../lib/api-client';

/**
 * POST …/billing/deposits: the buyer funds the project's escrow balance. A fresh Idempotency-Key
 * per confirmation, as the milestone deposit: the API client re-sends the same request (same key)
 * after a step-up or a brief outage, so one confirmation is one deposit. The balance and the
 * History are asked again after it.
 */
export function useBillingDeposit(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (amount: string) => (await api.post<BillingDepositView>(`/job/${projectId}/billing/deposits`, { amount }, asCommand())).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectKeys.detail(projectId) }),
  });
}
