import type { ProgressBillingView } from '@escrow/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { projectKeys } from '../../../api/projects';
import { api, asCommand } from '../../../lib/api-client';
import { billingKeys } from './get-schedule';

export type { ProgressBillingView };

/**
 * Every schedule command answers the billing view: it is kept as the schedule's answer at once,
 * then the project (its History, its applications) is asked again.
 */
export function useScheduleMutation<TInput>(projectId: number, call: (input: TInput) => Promise<ProgressBillingView>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (view) => {
      queryClient.setQueryData(billingKeys.schedule(projectId), view);
      return queryClient.invalidateQueries({ queryKey: projectKeys.detail(projectId) });
    },
  });
}

/** PUT …/billing: milestones or progress, on the draft. */
export const useChooseBilling = (projectId: number) =>
  useScheduleMutation(
    projectId,
    async (method: ProgressBillingView['billing']) => (await api.put<ProgressBillingView>(`/job/${projectId}/billing`, { method }, asCommand())).data,
  );

/** A line as POST …/schedule and a change order's new lines take it. */
export interface ScheduleLineRequest {
  number: string;
  description: string;
  scheduled_value: string;
  payee_id: number;
  retainage: { rate: string; reduction: { to_rate: string; at_percent_complete: string } | null };
}

/** POST …/schedule: the seller proposes a version (proposing it is the seller's approval). */
export const useProposeSchedule = (projectId: number) =>
  useScheduleMutation(
    projectId,
    async (input: { based_on_version_id: number | null; lines: ScheduleLineRequest[] }) =>
      (await api.post<ProgressBillingView>(`/job/${projectId}/schedule`, input, asCommand())).data,
  );

/** POST …/schedule/{versionId}/approve or /reject (with a reason): the buyer decides on a proposed version. */
export const useDecideOnSchedule = (projectId: number) =>
  useScheduleMutation(
    projectId,
    async ({ versionId, decision, reason }: { versionId: number; decision: 'approve' | 'reject'; reason?: string }) =>
      (await api.post<ProgressBillingView>(`/job/${projectId}/schedule/${versionId}/${decision}`, decision === 'reject' ? { reason } : {}, asCommand())).data,
  );
