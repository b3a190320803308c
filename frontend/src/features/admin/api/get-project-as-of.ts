import type { AsOfView } from '@escrow/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** The project rebuilt from its events up to an instant (ISO 8601). */
const getAsOf = async (projectId: number, at: string) => (await api.get<AsOfView>(`/admin/job/${projectId}/as-of`, { params: { at } })).data;
export const useAsOf = (projectId: number, at: string | null) =>
  useQuery({ queryKey: adminKeys.asOf(projectId, at ?? ''), queryFn: () => getAsOf(projectId, at!), enabled: Boolean(at) });
