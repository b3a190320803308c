import type { ResolutionProposalView } from '@escrow/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

export interface DisputeRow {
  dispute_id: number;
  original_id: number;
  job_id: number;
  milestone_title: string;
  buyer: string | null;
  seller: string | null;
  status: 'open' | 'resolved';
  opened_by_party: 'buyer' | 'seller';
  opened_by: string | null;
  statement: string;
  opened_at: string;
  response: { by: string | null; party: string; statement: string; at: string } | null;
  held: string;
  resolution: { resolution: 'release' | 'refund' | 'split'; releaseAmount: string; refundAmount: string; note: string; at: string } | null;
  /** A resolution waiting for a second administrator (four eyes), or null. */
  proposal: ResolutionProposalView | null;
  /** FOUR_EYES_ABOVE: a resolution moving more than this (dollars) waits for a second administrator. */
  four_eyes_above: string;
}

export const getDisputes = async (status: string) => (await api.get<DisputeRow[]>('/admin/disputes', { params: status ? { status } : {} })).data;
export const useDisputes = (status: string) => useQuery({ queryKey: adminKeys.disputes(status), queryFn: () => getDisputes(status) });
