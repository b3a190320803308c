import type { LedgerPostingRow } from '@escrow/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** Double-entry postings of a project, or of one milestone, each with its account's running balance. */
const getLedger = async (projectId: number, milestone: number | null) =>
  (await api.get<LedgerPostingRow[]>(`/admin/job/${projectId}/ledger`, { params: milestone ? { milestone } : {} })).data;
export const useLedger = (projectId: number, milestone: number | null) =>
  useQuery({ queryKey: adminKeys.ledger(projectId, milestone), queryFn: () => getLedger(projectId, milestone) });
