import { queryOptions, useQuery } from '@tanstack/react-query';

import { type HistoryEntry, projectKeys, type ProjectSummary } from '../../../api/projects';
import { api } from '../../../lib/api-client';

export const getProjects = async () => (await api.get<ProjectSummary[]>('/projects')).data;
export const projectsQuery = () => queryOptions({ queryKey: projectKeys.list(), queryFn: getProjects });
export const useProjects = () => useQuery(projectsQuery());

export const getProject = async (jobId: number) => (await api.get<ProjectSummary>(`/job/${jobId}`)).data;
export const projectQuery = (jobId: number) => queryOptions({ queryKey: projectKeys.summary(jobId), queryFn: () => getProject(jobId) });
export const useProject = (jobId: number) => useQuery(projectQuery(jobId));

export const getHistory = async (jobId: number) => (await api.get<HistoryEntry[]>(`/job/${jobId}/history`)).data;
export const useHistory = (jobId: number, enabled = true) => useQuery({ queryKey: projectKeys.history(jobId), queryFn: () => getHistory(jobId), enabled });

export interface ProjectPayments {
  deposits: {
    md_id: number;
    milestone_id: number;
    milestone: string;
    amount: string;
    payment_status: string;
    created: string;
    settled_at: string | null;
    bank_last4: string | null;
  }[];
  disbursements: {
    disbursement_id: number;
    milestone_id: number;
    milestone: string;
    company_id: number;
    name: string | null;
    amount: string;
    fee: string;
    status: string;
    cause: string;
    created: string;
    paid_at: string | null;
    retainage: string;
  }[];
  /** Retainage per payee and milestone: withheld, then held, released (and paid) or refunded. */
  retainage: {
    milestone_id: number;
    milestone: string;
    mp_id: number;
    company_id: number;
    name: string | null;
    withheld: string;
    held: string;
    released: string;
    refunded: string;
    status: 'held' | 'requested' | 'paid' | 'refunded';
    withheld_at: string;
    paid_at: string | null;
  }[];
  /** Escrow refunds (reason dispute or deadline) and retainage given back to the buyer (reason retainage). */
  refunds: {
    refund_id: number;
    milestone_id: number;
    milestone: string;
    amount: string;
    reason: 'dispute' | 'deadline' | 'retainage';
    status: string;
    created: string;
    paid_at: string | null;
  }[];
}
export const getPayments = async (jobId: number) => (await api.get<ProjectPayments>(`/job/${jobId}/payments`)).data;
export const usePayments = (jobId: number) => useQuery({ queryKey: projectKeys.payments(jobId), queryFn: () => getPayments(jobId), refetchInterval: 5000 });
