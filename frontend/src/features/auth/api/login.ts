import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { normalizeEmail } from '../../../lib/format';
import { authKeys, type CurrentUser } from './types';

export interface LoginInput {
  email: string;
  password: string;
}

export async function login(input: LoginInput): Promise<CurrentUser> {
  const { data } = await api.post<CurrentUser>('/auth/login', { email: normalizeEmail(input.email), password: input.password });
  return data;
}

/** Logs in and stores the current user (spec §4), so the header flips to the logged-in view. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => queryClient.setQueryData(authKeys.currentUser(), user),
  });
}

/** Where a user lands after login (spec §4): admins on /admin, everyone else on /portal. */
export function homeOf(user: Pick<CurrentUser, 'role' | 'company' | 'user_id'>): string {
  if (user.role === 'admin') return '/admin';
  return '/portal';
}
