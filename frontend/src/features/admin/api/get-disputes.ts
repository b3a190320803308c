import type { AdminDisputeRow } from '@escrow/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

const getDisputes = async (status: string) => (await api.get<AdminDisputeRow[]>('/admin/disputes', { params: status ? { status } : {} })).data;
export const useDisputes = (status: string) => useQuery({ queryKey: adminKeys.disputes(status), queryFn: () => getDisputes(status) });
