import type { LinkOwner } from '@escrow/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { normalizeEmail, phoneDigits } from '../../../lib/format';
import { authKeys, type CurrentUser } from './types';

export interface SignupInput {
  first_name: string;
  last_name: string;
  phone: string;
  email: string;
  password: string;
}

async function signup(input: SignupInput): Promise<CurrentUser> {
  const { data } = await api.post<CurrentUser>('/auth/signup', { ...input, email: normalizeEmail(input.email), phone: phoneDigits(input.phone) });
  return data;
}

export function useSignup() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: signup, onSuccess: (user) => queryClient.setQueryData(authKeys.currentUser(), user) });
}

async function checkInvitation(hash: string): Promise<LinkOwner> {
  const { data } = await api.get<LinkOwner>(`/auth/invite/${encodeURIComponent(hash)}`);
  return data;
}

const invitationQuery = (hash: string) =>
  queryOptions({ queryKey: authKeys.invitation(hash), queryFn: () => checkInvitation(hash), retry: false, staleTime: Infinity });
export const useInvitation = (hash: string) => useQuery(invitationQuery(hash));

async function acceptInvitation(input: { hash: string; password: string }): Promise<CurrentUser> {
  const { data } = await api.post<CurrentUser>(`/auth/invite/${encodeURIComponent(input.hash)}`, { password: input.password });
  return data;
}

export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: acceptInvitation, onSuccess: (user) => queryClient.setQueryData(authKeys.currentUser(), user) });
}
