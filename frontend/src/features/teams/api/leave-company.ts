import { useMutation, useQueryClient } from '@tanstack/react-query';

import { currentUserKey } from '../../../api/current-user';
import { api, asCommand } from '../../../lib/api-client';
import { teamKeys } from './keys';

/** Leaves the company (`POST /api/company/leave`, any member but the last owner, step-up): the account stays, without a company. */
export function useLeaveCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await api.post('/company/leave', {}, asCommand());
    },
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: teamKeys.all });
      return queryClient.invalidateQueries({ queryKey: currentUserKey() });
    },
  });
}
