import { useMutation, useQueryClient } from '@tanstack/react-query';

import { projectKeys } from '../../../api/projects';
import { api, asCommand } from '../../../lib/api-client';

/**
 * PUT /api/job/{id}/draft: submits a draft that bills by progress, which has no milestones (the
 * new-project screen asks for one). The project page then reads the project as submitted.
 */
export function useSubmitDraft(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api.put(`/job/${projectId}/draft`, { isDraft: false, job_id: projectId }, asCommand())).data as unknown,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectKeys.all }),
  });
}
