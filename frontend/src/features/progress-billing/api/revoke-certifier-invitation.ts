import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, asCommand } from '../../../lib/api-client';
import { billingKeys } from './get-schedule';

/** DELETE …/certifier-invitations/{id}: the buyer withdraws a pending invitation; its link then refuses. */
export const useRevokeCertifierInvitation = (projectId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (invitationId: string) => {
      await api.delete(`/job/${projectId}/certifier-invitations/${encodeURIComponent(invitationId)}`, asCommand());
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: billingKeys.certifierInvitations(projectId) }),
  });
};
