import type { VersionView } from '@escrow/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import type { ProjectSummary } from './get-projects';
import { adminKeys } from './keys';

export type { VersionView };

export interface AdminMilestone {
  original_id: number;
  title: string;
  held: string;
  deposited: string;
  versions: VersionView[];
  deposits: { depositId: number; amount: string; status: string; requestedAt: string; settledAt: string | null; failedAt?: string | null }[];
  disbursements: { disbursementId: number; name: string | null; amount: string; fee: string; status: string; requestedAt: string; paidAt: string | null }[];
  refunds: { refundId: number; amount: string; reason: string; status: string; requestedAt?: string; paidAt?: string | null }[];
  /** Retainage an administrator's decision gave back to the buyer. */
  retainage_refunds?: { refundId: number; amount: string; status: string; requestedAt: string; paidAt: string | null }[];
  disputes: {
    disputeId: number;
    status: string;
    statement: string;
    openedAt: string;
    resolution: { resolution: string; releaseAmount: string; refundAmount: string; note: string; at: string } | null;
  }[];
  retainage_held: string;
  retainage_by_payee: { mp_id: number; company_id: number; name: string | null; held: string }[];
  waivers: {
    payment: 'disbursement' | 'retainage';
    mp_id: number;
    company_id: number;
    name: string | null;
    kind: 'conditional' | 'unconditional';
    amount: string;
    site_state: string;
    status: 'missing' | 'signed' | 'issued';
    due_since: string;
    waiver_name: string | null;
    at: string | null;
  }[];
}

export interface AdminJob {
  summary: ProjectSummary;
  milestones: AdminMilestone[];
}

export const getJob = async (jobId: number) => (await api.get<AdminJob>(`/admin/job/${jobId}`)).data;
export const useAdminJob = (jobId: number) => useQuery({ queryKey: adminKeys.job(jobId), queryFn: () => getJob(jobId) });
