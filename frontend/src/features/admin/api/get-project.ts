import type { AdminJobView } from '@escrow/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

const getProject = async (projectId: number) => (await api.get<AdminJobView>(`/admin/job/${projectId}`)).data;
export const useAdminProject = (projectId: number) => useQuery({ queryKey: adminKeys.project(projectId), queryFn: () => getProject(projectId) });

/** A pay application's PDF or CSV: the project's own route, which administrators may read. */
export const payApplicationDocumentUrl = (projectId: number, applicationNumber: number, kind: 'pdf' | 'csv') =>
  `/api/job/${projectId}/pay-applications/${applicationNumber}/${kind}`;
