import type { RetainageDisputeRow, RetainageView } from '@escrow/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api, asCommand } from '../../../lib/api-client';
import { adminKeys } from './keys';

export const useAdminRetainage = (projectId: number) =>
  useQuery({ queryKey: adminKeys.retainage(projectId), queryFn: async () => (await api.get<RetainageView>(`/job/${projectId}/retainage`)).data });

/** The open retainage disputes across projects, oldest first (the Disputes page). */
export const useRetainageDisputes = () =>
  useQuery({ queryKey: adminKeys.retainageDisputes(), queryFn: async () => (await api.get<RetainageDisputeRow[]>('/admin/retainage-disputes')).data });

/** Releases the disputed retainage to the payees or refunds it to the buyer; money moves, every admin figure may change. */
export function useResolveRetainageDispute(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { resolution: 'release' | 'refund'; note?: string }) =>
      (await api.post<RetainageView>(`/admin/job/${projectId}/retainage/resolve`, body, asCommand())).data,
    // Not awaited: the refetch replaces the form, and the caller's own onSuccess must run first.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
