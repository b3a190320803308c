import { useMutation } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';

/** `POST /api/admin/users/:id/second-factors/reset` (owner, step-up): the user's factors go, and they are mailed. */
async function resetSecondFactors(userId: number): Promise<void> {
  await api.post(`/admin/users/${userId}/second-factors/reset`);
}

export const useResetSecondFactors = () => useMutation({ mutationFn: resetSecondFactors });
