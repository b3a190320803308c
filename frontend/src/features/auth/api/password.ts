import type { LinkOwner, PasswordResetDone } from '@escrow/domain';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { normalizeEmail } from '../../../lib/format';
import { authKeys } from './types';

async function requestPasswordReset(email: string): Promise<void> {
  await api.post('/user/password/forgot', { email: normalizeEmail(email) });
}

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });

async function checkResetCode(code: string): Promise<LinkOwner> {
  const { data } = await api.get<LinkOwner>(`/auth/customer/${encodeURIComponent(code)}`);
  return data;
}

const resetCodeQuery = (code: string) =>
  queryOptions({ queryKey: authKeys.resetCode(code), queryFn: () => checkResetCode(code), retry: false, staleTime: Infinity });
export const useResetCode = (code: string) => useQuery(resetCodeQuery(code));

export async function resetPassword(input: { code: string; password: string }): Promise<PasswordResetDone> {
  const { data } = await api.put<PasswordResetDone>('/user/password/reset', input);
  return data;
}

export async function removeResetCode(userId: number): Promise<void> {
  await api.delete(`/customer/code/${userId}`);
}
