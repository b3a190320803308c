import type { AdminJobView } from '@escrow/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

const getProject = async (projectId: number) => (await api.get<AdminJobView>(`/admin/job/${projectId}`)).data;
export const useAdminProject = (projectId: number) => useQuery({ queryKey: adminKeys.project(projectId), queryFn: () => getProject(projectId) });
