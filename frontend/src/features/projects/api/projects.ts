import type { ProjectPayments } from '@escrow/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { type HistoryEntry, projectKeys, type ProjectSummary } from '../../../api/projects';
import { api } from '../../../lib/api-client';
import { FIRST_PAINT_STALE_MS } from '../../../lib/first-paint-get';

/**
 * Where a draft is taken up again: the new-project screen of the side that started it. Here, not
 * beside the new-project calls, so that the project page's first load does not carry those (0.7 KB).
 */
export const resumePath = (p: { job_id: number; customerInitiated: boolean }) =>
  `/portal/new-project/${p.customerInitiated ? 'customer' : 'company'}?job=${p.job_id}`;

const getProjects = async () => (await api.get<ProjectSummary[]>('/projects')).data;
const projectsQuery = () => queryOptions({ queryKey: projectKeys.list(), queryFn: getProjects });
export const useProjects = () => useQuery(projectsQuery());

const getProject = async (projectId: number) => (await api.get<ProjectSummary>(`/job/${projectId}`)).data;
export const projectQuery = (projectId: number) =>
  queryOptions({ queryKey: projectKeys.summary(projectId), queryFn: () => getProject(projectId), staleTime: FIRST_PAINT_STALE_MS });
export const useProject = (projectId: number) => useQuery(projectQuery(projectId));

const getHistory = async (projectId: number) => (await api.get<HistoryEntry[]>(`/job/${projectId}/history`)).data;
export const useHistory = (projectId: number, enabled = true) =>
  useQuery({ queryKey: projectKeys.history(projectId), queryFn: () => getHistory(projectId), enabled });

export type { ProjectPayments };
const getPayments = async (projectId: number) => (await api.get<ProjectPayments>(`/job/${projectId}/payments`)).data;
export const usePayments = (projectId: number) =>
  useQuery({ queryKey: projectKeys.payments(projectId), queryFn: () => getPayments(projectId), refetchInterval: 5000 });
