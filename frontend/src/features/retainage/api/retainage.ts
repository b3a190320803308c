import type { RetainageView, SiteState } from '@escrow/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { projectKeys } from '../../../api/projects';
import { api, asCommand } from '../../../lib/api-client';
import { FIRST_PAINT_STALE_MS } from '../../../lib/first-paint-get';

export type { RetainageView };

const retainageKeys = {
  ofProject: (projectId: number) => [...projectKeys.detail(projectId), 'retainage'] as const,
};

export const retainageQuery = (projectId: number) =>
  queryOptions({
    queryKey: retainageKeys.ofProject(projectId),
    queryFn: async () => (await api.get<RetainageView>(`/job/${projectId}/retainage`)).data,
    staleTime: FIRST_PAINT_STALE_MS,
  });

export const useRetainage = (projectId: number) =>
  useQuery({
    ...retainageQuery(projectId),
    refetchInterval: (q) => (q.state.data && q.state.data.released !== '0.00' && q.state.data.by_payee.some((p) => p.paid !== p.released) ? 2000 : 15000),
  });

/** Every retainage command answers the project's retainage; the whole project (cards, history) refreshes. */
function useRetainageMutation<TInput>(projectId: number, call: (input: TInput) => Promise<RetainageView>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: projectKeys.detail(projectId) }) });
}

export const useSetTerms = (projectId: number) =>
  useRetainageMutation(
    projectId,
    async (input: { retainage_percent: string; site_state: SiteState | null }) =>
      (await api.put<RetainageView>(`/job/${projectId}/terms`, input, asCommand())).data,
  );

export const useRetainageAction = (projectId: number) =>
  useRetainageMutation(
    projectId,
    async (input: { action: 'request' | 'approve' | 'dispute'; statement?: string }) =>
      (
        await api.post<RetainageView>(
          `/job/${projectId}/retainage/${input.action}`,
          input.action === 'dispute' ? { statement: input.statement } : {},
          asCommand(),
        )
      ).data,
  );
