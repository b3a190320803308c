import type { ProgressBillingView } from '@escrow/domain';

import { api, asCommand } from '../../../lib/api-client';
import { type ScheduleLineRequest, useScheduleMutation } from './schedule';

export interface ChangeOrderRequest {
  reason: string;
  changes: { line: string; scheduled_value: string }[];
  new_lines: ScheduleLineRequest[];
  /** Files uploaded to the project's billing (useUploadBillingFile). */
  attachment_ids?: string[];
}

/** POST …/change-orders: either party proposes one (the proposal is the proposer's approval). */
export const useProposeChangeOrder = (projectId: number) =>
  useScheduleMutation(
    projectId,
    async (input: ChangeOrderRequest) => (await api.post<ProgressBillingView>(`/job/${projectId}/change-orders`, input, asCommand())).data,
  );

/** POST …/change-orders/{id}/approve or /reject: the other party approves; either rejects (the proposer's rejection withdraws it). */
export const useDecideOnChangeOrder = (projectId: number) =>
  useScheduleMutation(
    projectId,
    async ({ changeOrderId, decision, reason }: { changeOrderId: number; decision: 'approve' | 'reject'; reason?: string }) =>
      (
        await api.post<ProgressBillingView>(
          `/job/${projectId}/change-orders/${changeOrderId}/${decision}`,
          decision === 'reject' ? { reason: reason || null } : {},
          asCommand(),
        )
      ).data,
  );
