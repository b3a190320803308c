import type { RecentFactors } from '@escrow/domain';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { useInvalidateSecurity } from './totp';
import { securityKeys } from './types';

/** `GET /api/account/recent-factors`: the second factors added in the last 30 days, newest first. */
async function getRecentFactors(): Promise<RecentFactors> {
  const { data } = await api.get<RecentFactors>('/account/recent-factors');
  return data;
}

const recentFactorsQuery = () => queryOptions({ queryKey: securityKeys.recentFactors(), queryFn: getRecentFactors });

export const useRecentFactors = () => useQuery(recentFactorsQuery());

/** `DELETE /api/account/recovery-codes` (step-up): the unused recovery codes stop working. */
async function removeRecoveryCodes(): Promise<void> {
  await api.delete('/account/recovery-codes');
}

export function useRemoveRecoveryCodes() {
  const invalidate = useInvalidateSecurity();
  return useMutation({ mutationFn: removeRecoveryCodes, onSuccess: () => invalidate() });
}
