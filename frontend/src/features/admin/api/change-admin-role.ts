import type { AdminRole } from '@escrow/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { authKeys } from '../../auth/api/types';
import { adminKeys } from './keys';

/** What PUT /api/admin/users/{id}/admin-role answers: the user's administrator role now. */
export interface AdminRoleAnswer {
  user_id: number;
  role: 'admin' | null;
  admin_role: AdminRole | null;
}

/** An owner gives, changes or takes away (null) an administrator role (docs/administrators.md). */
export function useChangeAdminRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ userId, role }: { userId: number; role: AdminRole | null }) =>
      (await api.put<AdminRoleAnswer>(`/admin/users/${userId}/admin-role`, { role })).data,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [...adminKeys.all, 'users'] }),
        // An owner may have changed their own role (another owner remains).
        queryClient.invalidateQueries({ queryKey: authKeys.currentUser() }),
      ]),
  });
}
