import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

export interface MonthlyMoney {
  month: string;
  deposits: string;
  disbursed: string;
  fees: string;
  refunds: string;
}

export interface HeldByProject {
  job_id: number;
  service: string;
  buyer: string | null;
  seller: string | null;
  held: string;
  since: string;
}

export interface Dashboard {
  held: string;
  deposits_pending: { count: number; amount: string };
  deposited_this_month: string;
  disbursed_this_month: string;
  fees_this_month: string;
  refunded_this_month: string;
  open_disputes: number;
  waiting_on: { buyer: number; seller: number };
  held_by_project: HeldByProject[];
  monthly: MonthlyMoney[];
}

export const getDashboard = async () => (await api.get<Dashboard>('/admin/dashboard')).data;
export const useDashboard = () => useQuery({ queryKey: adminKeys.dashboard(), queryFn: getDashboard, refetchInterval: 10_000 });
