import type { ProgressBillingView, RetainageView } from '@escrow/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, asCommand } from '../../../lib/api-client';
import { billingKeys } from './get-schedule';
import { useScheduleMutation } from './schedule';

/**
 * POST …/billing/retainage/request or /approve: a party asks for the retainage at substantial
 * completion, the other approves it. One click is one command (an Idempotency-Key each, kept by
 * the API client through the buyer's step-up); the answer is the billing view.
 */
export const useBillingRetainage = (projectId: number) =>
  useScheduleMutation(
    projectId,
    async (action: 'request' | 'approve') => (await api.post<ProgressBillingView>(`/job/${projectId}/billing/retainage/${action}`, {}, asCommand())).data,
  );

/**
 * POST …/retainage/dispute: a party disputes the retainage, the route a milestone project's
 * dispute takes too (an administrator decides both). It answers the project's retainage; the
 * Billing tab reads the schedule again for its own view of it.
 */
export function useDisputeBillingRetainage(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (statement: string) => (await api.post<RetainageView>(`/job/${projectId}/retainage/dispute`, { statement }, asCommand())).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.schedule(projectId) }),
  });
}
