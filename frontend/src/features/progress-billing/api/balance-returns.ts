import type { ProgressBillingView } from '@escrow/domain';

import { api, asCommand } from '../../../lib/api-client';
import { useScheduleMutation } from './schedule';

/**
 * POST …/billing/balance-returns `{ amount }`: the buyer asks for unused escrow funds back. One
 * click is one request (an Idempotency-Key each, kept by the API client through the step-up);
 * the answer is the billing view.
 */
export const useRequestBalanceReturn = (projectId: number) =>
  useScheduleMutation(
    projectId,
    async (amount: string) => (await api.post<ProgressBillingView>(`/job/${projectId}/billing/balance-returns`, { amount }, asCommand())).data,
  );

/** POST …/billing/balance-returns/{returnId}/approve or /decline: the seller's answer to a return beyond the surplus. */
export const useDecideBalanceReturn = (projectId: number) =>
  useScheduleMutation(
    projectId,
    async ({ returnId, action }: { returnId: number; action: 'approve' | 'decline' }) =>
      (await api.post<ProgressBillingView>(`/job/${projectId}/billing/balance-returns/${returnId}/${action}`, {}, asCommand())).data,
  );
