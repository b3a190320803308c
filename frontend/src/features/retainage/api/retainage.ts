import type { RetainageView, SiteState } from '@escrow/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { projectKeys } from '../../../api/projects';
import { api, asCommand } from '../../../lib/api-client';

export type { RetainageView };

const retainageKeys = {
  ofJob: (jobId: number) => [...projectKeys.detail(jobId), 'retainage'] as const,
};

export const useRetainage = (jobId: number) =>
  useQuery({
    queryKey: retainageKeys.ofJob(jobId),
    queryFn: async () => (await api.get<RetainageView>(`/job/${jobId}/retainage`)).data,
    refetchInterval: (q) => (q.state.data && q.state.data.released !== '0.00' && q.state.data.by_payee.some((p) => p.paid !== p.released) ? 2000 : 15000),
  });

/** Every retainage command answers the project's retainage; the whole project (cards, history) refreshes. */
function useRetainageMutation<TInput>(jobId: number, call: (input: TInput) => Promise<RetainageView>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: projectKeys.detail(jobId) }) });
}

export const useSetTerms = (jobId: number) =>
  useRetainageMutation(
    jobId,
    async (input: { retainage_percent: string; site_state: SiteState | null }) =>
      (await api.put<RetainageView>(`/job/${jobId}/terms`, input, asCommand())).data,
  );

export const useRetainageAction = (jobId: number) =>
  useRetainageMutation(
    jobId,
    async (input: { action: 'request' | 'approve' | 'dispute'; statement?: string }) =>
      (await api.post<RetainageView>(`/job/${jobId}/retainage/${input.action}`, input.action === 'dispute' ? { statement: input.statement } : {}, asCommand()))
        .data,
  );
