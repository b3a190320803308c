import type { InvitationSent } from '@escrow/domain';
import { useMutation } from '@tanstack/react-query';

import { api, asCommand } from '../../../lib/api-client';

/** POST …/certifier-invitations: the buyer invites a certifier by email (a link, once, for 7 days). Nothing to refresh: the certifier is named when they accept. */
export const useInviteCertifier = (projectId: number) =>
  useMutation({
    mutationFn: async (email: string) => (await api.post<InvitationSent>(`/job/${projectId}/certifier-invitations`, { email }, asCommand())).data,
  });
