import type { FactorAlert, MessageAnswer } from '@escrow/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { currentUserKey } from '../../../api/current-user';
import { api } from '../../../lib/api-client';
import { securityKeys } from './types';

/** `GET /api/auth/factor-alerts/{code}`: what the link of a "factor added" mail is about; it uses nothing up. */
async function getFactorAlert(code: string): Promise<FactorAlert> {
  const { data } = await api.get<FactorAlert>(`/auth/factor-alerts/${encodeURIComponent(code)}`);
  return data;
}

const factorAlertQuery = (code: string) =>
  queryOptions({ queryKey: securityKeys.factorAlert(code), queryFn: () => getFactorAlert(code), retry: false, staleTime: Infinity });

export const useFactorAlert = (code: string) => useQuery(factorAlertQuery(code));

/** `POST /api/auth/factor-alerts/undo { code }`: "this wasn't me". Every session ends, this browser's too. */
async function undoAddedFactor(code: string): Promise<MessageAnswer> {
  const { data } = await api.post<MessageAnswer>('/auth/factor-alerts/undo', { code });
  return data;
}

export function useUndoAddedFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: undoAddedFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserKey() }),
  });
}
