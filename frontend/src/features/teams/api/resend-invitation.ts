import type { InvitationResent } from '@escrow/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, asCommand } from '../../../lib/api-client';
import { teamKeys } from './keys';

/**
 * Sends an invitation again with a new link (the old one dies): the owner's
 * `POST /api/company/invitations/:id/resend`, or with companyId an administrator's
 * `POST /api/admin/company-invitations/:id/resend`.
 */
export function useResendInvitation(companyId?: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (invitationId: string) => {
      const url =
        companyId === undefined
          ? `/company/invitations/${encodeURIComponent(invitationId)}/resend`
          : `/admin/company-invitations/${encodeURIComponent(invitationId)}/resend`;
      return (await api.post<InvitationResent>(url, {}, asCommand())).data;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: companyId === undefined ? teamKeys.mine() : teamKeys.ofCompany(companyId) }),
  });
}
