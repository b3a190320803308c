import type { CompanyRole } from '@escrow/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { currentUserKey } from '../../../api/current-user';
import { api, asCommand } from '../../../lib/api-client';
import { teamKeys } from './keys';

/** Gives a member another role (`PATCH /api/company/members/:userId`, owners, with a fresh second factor). */
export function useChangeMemberRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ userId, role }: { userId: number; role: CompanyRole }) => {
      await api.patch(`/company/members/${userId}`, { role }, asCommand());
    },
    // An owner who hands over their own role sees the page as their new role at once.
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: teamKeys.mine() }), queryClient.invalidateQueries({ queryKey: currentUserKey() })]),
  });
}
