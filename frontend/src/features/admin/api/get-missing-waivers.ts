import type { MissingWaiverRow } from '@escrow/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

export type { MissingWaiverRow };
export const MISSING_WAIVERS_CSV = '/api/admin/reports/missing-waivers?format=csv';
export const useMissingWaivers = () =>
  useQuery({ queryKey: adminKeys.missingWaivers(), queryFn: async () => (await api.get<MissingWaiverRow[]>('/admin/reports/missing-waivers')).data });
