import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import type { MonthlyMoney } from './get-dashboard';
import { adminKeys } from './keys';

export interface AgeingRow {
  original_id: number;
  job_id: number;
  title: string;
  status: string;
  agreed_at: string;
  funded_at: string | null;
  completed_at: string | null;
  /** completed_at, or when a dispute's refund or split closed it */
  closed_at: string | null;
  days_approval_to_deposit: string;
  days_deposit_to_completion: string | null;
}

export interface Reports {
  monthly: MonthlyMoney[];
  held_over_time: { day: string; held: string }[];
  ageing: AgeingRow[];
  disputes: { outcome: string; count: number; refunded: string; released: string; avg_days_to_resolve: string | null }[];
}

export type ReportName = 'monthly' | 'held' | 'ageing' | 'disputes';
export const reportCsvUrl = (report: ReportName) => `/api/admin/reports/csv?report=${report}`;

export const getReports = async () => (await api.get<Reports>('/admin/reports')).data;
export const useReports = () => useQuery({ queryKey: adminKeys.reports(), queryFn: getReports });
