import type { ProjectorRebuildStarted, ProjectorResumed } from '@escrow/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** rebuild: the same engine as `npm run projections -- rebuild <name>`; resume: retry a stopped projector. */
export function useProjectionAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ name, action }: { name: string; action: 'rebuild' | 'resume' }) =>
      (await api.post<ProjectorRebuildStarted | ProjectorResumed>(`/admin/projections/${encodeURIComponent(name)}/${action}`)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.projections() }),
  });
}
