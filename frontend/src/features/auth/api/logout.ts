import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { authKeys } from './types';

async function logout(): Promise<void> {
  await api.post('/auth/logout');
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    // Forget the user even when the call fails: the session is gone either way for this page.
    onSettled: () => {
      queryClient.setQueryData(authKeys.currentUser(), {});
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'auth' && q.queryKey[0] !== 'directory' });
    },
  });
}
