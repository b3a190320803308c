import { keepPreviousData, useQuery } from '@tanstack/react-query';

import type { ProjectSummary } from '../../../api/projects';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

export type { ProjectSummary };

const getProjects = async (search: string) => (await api.get<ProjectSummary[]>('/admin/projects', { params: search ? { search } : {} })).data;
export const useAdminProjects = (search: string) =>
  useQuery({ queryKey: adminKeys.projects(search), queryFn: () => getProjects(search), placeholderData: keepPreviousData });
