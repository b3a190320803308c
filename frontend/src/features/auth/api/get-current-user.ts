import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { authKeys, type MaybeUser } from './types';

export async function getCurrentUser(): Promise<MaybeUser> {
  const { data } = await api.get<MaybeUser>('/user');
  return data;
}

export const currentUserQuery = () => queryOptions({ queryKey: authKeys.currentUser(), queryFn: getCurrentUser, staleTime: 60_000 });

export const useCurrentUser = () => useQuery(currentUserQuery());
