import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, asCommand } from '../../../lib/api-client';
import { teamKeys } from './keys';

/**
 * Revokes a pending invitation, whose link then says so: the owner's
 * `DELETE /api/company/invitations/:id`, or with companyId an administrator's
 * `DELETE /api/admin/company-invitations/:id`.
 */
export function useRevokeInvitation(companyId?: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (invitationId: string) => {
      const url =
        companyId === undefined ? `/company/invitations/${encodeURIComponent(invitationId)}` : `/admin/company-invitations/${encodeURIComponent(invitationId)}`;
      await api.delete(url, asCommand());
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: companyId === undefined ? teamKeys.mine() : teamKeys.ofCompany(companyId) }),
  });
}
