import type { RetainageDisputeRow } from '@escrow/domain';
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

/** A project holding funds, with the clock on them (issue 17): oldest first. */
export interface HeldByProject {
  job_id: number;
  service: string;
  buyer: string | null;
  seller: string | null;
  /** In escrow. */
  held: string;
  retainage_held: string;
  /** In escrow, owed to payees or the buyer and not paid out yet, and retained. */
  in_custody: string;
  since: string;
  age_days: number;
  next_date: { kind: 'funds_clear' | 'completion_due'; at: string } | null;
  must_act: { who: 'buyer' | 'seller' | 'payee' | 'admin'; name: string | null; action: string }[];
}

export interface Dashboard {
  held: string;
  deposits_pending: { count: number; amount: string };
  deposited_this_month: string;
  disbursed_this_month: string;
  fees_this_month: string;
  refunded_this_month: string;
  open_disputes: number;
  retainage_held: string;
  retainage_disputes: RetainageDisputeRow[];
  waiting_on: { buyer: number; seller: number };
  held_by_project: HeldByProject[];
  monthly: MonthlyMoney[];
}

export const getDashboard = async () => (await api.get<Dashboard>('/admin/dashboard')).data;
export const useDashboard = () => useQuery({ queryKey: adminKeys.dashboard(), queryFn: getDashboard, refetchInterval: 10_000 });
