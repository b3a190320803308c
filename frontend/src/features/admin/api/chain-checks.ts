import type { AuditSigningKeyView, ChainCheckStarted, ChainChecksView } from '@escrow/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

const getChainChecks = async () => (await api.get<ChainChecksView>('/admin/integrity/chain-checks')).data;
/** Polls fast while a check runs, so its progress moves on screen. */
export const useChainChecks = () =>
  useQuery({ queryKey: adminKeys.chainChecks(), queryFn: getChainChecks, refetchInterval: (query) => (query.state.data?.running ? 500 : 10_000) });

/** The same walk as `npm run projections -- verify`, in the API process. */
export function useStartChainCheck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api.post<ChainCheckStarted>('/admin/integrity/chain-checks')).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.chainChecks() }),
  });
}

const getSigningKey = async () => (await api.get<AuditSigningKeyView>('/admin/audit/signing-key')).data;
export const useSigningKey = () => useQuery({ queryKey: adminKeys.signingKey(), queryFn: getSigningKey, staleTime: Infinity });

/** Where a browser downloads a bundle (a plain link: the session cookie goes with it). */
export const projectBundleUrl = (projectId: number) => `/api/admin/audit/projects/${projectId}/bundle`;
export const rangeBundleUrl = (from: string, to: string) => `/api/admin/audit/bundle?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
