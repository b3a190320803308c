import type { ProgressBillingView } from '@escrow/domain';

import { api, asCommand } from '../../../lib/api-client';
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
