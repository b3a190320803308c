import type { AccountSession } from '@escrow/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { securityKeys } from './types';

async function getSessions(): Promise<AccountSession[]> {
  const { data } = await api.get<AccountSession[]>('/account/sessions');
  return data;
}

export const useSessions = () => useQuery({ queryKey: securityKeys.sessions(), queryFn: getSessions });

/** Ends one session (`DELETE /api/account/sessions/:id`), or every other one (`DELETE /api/account/sessions`). */
async function endSessions(id: AccountSession['session_id'] | 'others'): Promise<void> {
  await api.delete(id === 'others' ? '/account/sessions' : `/account/sessions/${encodeURIComponent(String(id))}`);
}

export function useEndSessions() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: endSessions, onSuccess: () => queryClient.invalidateQueries({ queryKey: securityKeys.all }) });
}
