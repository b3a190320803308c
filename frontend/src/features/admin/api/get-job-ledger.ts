import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

export interface LedgerPosting {
  event_id: string;
  line: number;
  position: string;
  original_id: number;
  account: string;
  company_id: number | null;
  /** The payee company's current name, when the posting concerns one. */
  company_name: string | null;
  amount: string;
  event_type: string;
  occurred_at: string;
  running_balance: string;
}

/** Double-entry postings of a project, or of one milestone, each with its account's running balance. */
export const getLedger = async (jobId: number, milestone: number | null) =>
  (await api.get<LedgerPosting[]>(`/admin/job/${jobId}/ledger`, { params: milestone ? { milestone } : {} })).data;
export const useLedger = (jobId: number, milestone: number | null) =>
  useQuery({ queryKey: adminKeys.ledger(jobId, milestone), queryFn: () => getLedger(jobId, milestone) });
