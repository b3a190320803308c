import type { InvitationSent } from '@escrow/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, asCommand } from '../../../lib/api-client';
import { billingKeys } from './get-schedule';

/** POST …/certifier-invitations: the buyer invites a certifier by email (a link, once, for 7 days); the list of invitations shows it. */
export const useInviteCertifier = (projectId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (email: string) => (await api.post<InvitationSent>(`/job/${projectId}/certifier-invitations`, { email }, asCommand())).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.certifierInvitations(projectId) }),
  });
};
