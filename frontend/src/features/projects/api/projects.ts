import type { ProjectPayments } from '@escrow/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { type HistoryEntry, projectKeys, type ProjectSummary } from '../../../api/projects';
import { api } from '../../../lib/api-client';

const getProjects = async () => (await api.get<ProjectSummary[]>('/projects')).data;
const projectsQuery = () => queryOptions({ queryKey: projectKeys.list(), queryFn: getProjects });
export const useProjects = () => useQuery(projectsQuery());

const getProject = async (jobId: number) => (await api.get<ProjectSummary>(`/job/${jobId}`)).data;
const projectQuery = (jobId: number) => queryOptions({ queryKey: projectKeys.summary(jobId), queryFn: () => getProject(jobId) });
export const useProject = (jobId: number) => useQuery(projectQuery(jobId));

const getHistory = async (jobId: number) => (await api.get<HistoryEntry[]>(`/job/${jobId}/history`)).data;
export const useHistory = (jobId: number, enabled = true) => useQuery({ queryKey: projectKeys.history(jobId), queryFn: () => getHistory(jobId), enabled });

export type { ProjectPayments };
const getPayments = async (jobId: number) => (await api.get<ProjectPayments>(`/job/${jobId}/payments`)).data;
export const usePayments = (jobId: number) => useQuery({ queryKey: projectKeys.payments(jobId), queryFn: () => getPayments(jobId), refetchInterval: 5000 });
