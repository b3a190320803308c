import type { CertifierInvitationView } from '@escrow/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { billingKeys } from './get-schedule';

/** GET …/certifier-invitations: the buyer's invitations, newest first (pending, accepted, expired or withdrawn). */
export const useCertifierInvitations = (projectId: number) =>
  useQuery({
    queryKey: billingKeys.certifierInvitations(projectId),
    queryFn: async () => (await api.get<CertifierInvitationView[]>(`/job/${projectId}/certifier-invitations`)).data,
  });
