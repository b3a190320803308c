import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

export interface Signature {
  signed_name: string;
  at: string;
}

export interface SignedContract {
  contract_name: string;
  agreement_hash: string;
  first_signed_at: string;
  buyer: Signature | null;
  seller: Signature | null;
}

/** Every agreement text of a project that someone signed, with who signed it. */
export const getContracts = async (jobId: number) => (await api.get<SignedContract[]>(`/admin/job/${jobId}/contracts`)).data;
export const useContracts = (jobId: number) => useQuery({ queryKey: adminKeys.contracts(jobId), queryFn: () => getContracts(jobId) });
