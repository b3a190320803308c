import type { AsOfView } from '@escrow/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** The project rebuilt from its events up to an instant (ISO 8601). */
const getAsOf = async (jobId: number, at: string) => (await api.get<AsOfView>(`/admin/job/${jobId}/as-of`, { params: { at } })).data;
export const useAsOf = (jobId: number, at: string | null) =>
  useQuery({ queryKey: adminKeys.asOf(jobId, at ?? ''), queryFn: () => getAsOf(jobId, at!), enabled: Boolean(at) });
