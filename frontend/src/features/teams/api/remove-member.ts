import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, asCommand } from '../../../lib/api-client';
import { teamKeys } from './keys';

/** Removes a member from the company; their sessions end at once (`DELETE /api/company/members/:userId`, owners, step-up). */
export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (userId: number) => {
      await api.delete(`/company/members/${userId}`, asCommand());
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKeys.mine() }),
  });
}
