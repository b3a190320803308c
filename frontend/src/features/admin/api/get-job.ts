import type { AdminJobView } from '@escrow/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

const getJob = async (jobId: number) => (await api.get<AdminJobView>(`/admin/job/${jobId}`)).data;
export const useAdminJob = (jobId: number) => useQuery({ queryKey: adminKeys.job(jobId), queryFn: () => getJob(jobId) });
