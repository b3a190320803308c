import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import type { VersionView } from './get-job';
import { adminKeys } from './keys';

export interface AsOf {
  at: string;
  events_applied: number;
  project: { status: string; service: string; customer_id: number; primary_company_id: number | null } | null;
  milestones: {
    original_id: number;
    approved_version: VersionView | null;
    versions: { m_id: number; label: string; title: string; amount: string }[];
    held: string;
    deposited: string;
    disbursed: string;
    refunded: string;
  }[];
  balances: Record<string, string>;
  /** Retainage held for each payee then. */
  retainage_by_payee?: { company_id: number; name: string | null; held: string }[];
}

/** The project rebuilt from its events up to an instant (ISO 8601). */
export const getAsOf = async (jobId: number, at: string) => (await api.get<AsOf>(`/admin/job/${jobId}/as-of`, { params: { at } })).data;
export const useAsOf = (jobId: number, at: string | null) =>
  useQuery({ queryKey: adminKeys.asOf(jobId, at ?? ''), queryFn: () => getAsOf(jobId, at!), enabled: Boolean(at) });
