import type { InvitationAccepted, InvitationPreview } from '@escrow/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { currentUserKey } from '../../../api/current-user';
import { api, asCommand } from '../../../lib/api-client';
import { teamKeys } from './keys';

/** What an invitation link offers (`GET /api/team-invitations/:code`, public); 404/410 when it no longer works. */
async function getInvitation(code: string): Promise<InvitationPreview> {
  const { data } = await api.get<InvitationPreview>(`/team-invitations/${encodeURIComponent(code)}`);
  return data;
}

const invitationQuery = (code: string) => queryOptions({ queryKey: teamKeys.invitation(code), queryFn: () => getInvitation(code), retry: false });
export const useTeamInvitation = (code: string) => useQuery(invitationQuery(code));

/** A new account's name and password; an existing account signed in as the invited email sends nothing. */
export interface NewMemberInput {
  first_name: string;
  last_name: string;
  password: string;
}

/** Accepts the invitation (`POST /api/team-invitations/:code/accept`): a new account is signed in by the answer's cookie. */
export function useAcceptTeamInvitation(code: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: NewMemberInput | Record<string, never>) =>
      (await api.post<InvitationAccepted>(`/team-invitations/${encodeURIComponent(code)}/accept`, input, asCommand())).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserKey() }),
  });
}
