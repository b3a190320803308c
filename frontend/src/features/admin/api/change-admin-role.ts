import type { AdminRole, AdminRoleView } from '@escrow/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { useAdminIdentity } from '../roles';
import { adminKeys } from './keys';

/** An owner gives, changes or takes away (null) an administrator role (docs/administrators.md). */
export function useChangeAdminRole() {
  const queryClient = useQueryClient();
  const me = useAdminIdentity();
  return useMutation({
    mutationFn: async ({ userId, role }: { userId: number; role: AdminRole | null }) =>
      (await api.put<AdminRoleView>(`/admin/users/${userId}/admin-role`, { role })).data,
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ queryKey: [...adminKeys.all, 'users'] });
      // An owner may have changed their own role (another owner remains).
      if (answer.user_id === me.userId) me.refresh();
    },
  });
}
