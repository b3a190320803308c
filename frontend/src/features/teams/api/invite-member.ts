import type { CompanyRole, InvitationSent } from '@escrow/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, asCommand } from '../../../lib/api-client';
import { normalizeEmail } from '../../../lib/format';
import { teamKeys } from './keys';

export interface InviteInput {
  email: string;
  role: CompanyRole;
}

/** Invites a person to the company by email (`POST /api/company/invitations`, owners). */
async function inviteMember(input: InviteInput): Promise<InvitationSent> {
  const { data } = await api.post<InvitationSent>('/company/invitations', { email: normalizeEmail(input.email), role: input.role }, asCommand());
  return data;
}

export function useInviteMember() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: inviteMember, onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.mine() }) });
}
