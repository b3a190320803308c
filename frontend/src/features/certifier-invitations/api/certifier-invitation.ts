import type { CertifierInvitationAccepted, CertifierInvitationPreview } from '@escrow/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { currentUserKey } from '../../../api/current-user';
import type { NewAccountInput } from '../../../components/forms/NewAccountFields';
import { api, asCommand } from '../../../lib/api-client';

const keys = { invitation: (code: string) => ['certifier-invitation', code] as const };

/** What a certifier invitation link offers (`GET /api/certifier-invitations/:code`, public); 404/410 when it no longer works. */
async function getInvitation(code: string): Promise<CertifierInvitationPreview> {
  const { data } = await api.get<CertifierInvitationPreview>(`/certifier-invitations/${encodeURIComponent(code)}`);
  return data;
}

export const useCertifierInvitation = (code: string) =>
  useQuery(queryOptions({ queryKey: keys.invitation(code), queryFn: () => getInvitation(code), retry: false }));

/** Accepts it (`POST /api/certifier-invitations/:code/accept`): a new account is signed in by the answer's cookie. */
export function useAcceptCertifierInvitation(code: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: NewAccountInput | Record<string, never>) =>
      (await api.post<CertifierInvitationAccepted>(`/certifier-invitations/${encodeURIComponent(code)}/accept`, input, asCommand())).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserKey() }),
  });
}
