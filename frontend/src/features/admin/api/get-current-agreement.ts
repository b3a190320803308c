import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import type { Signature } from './get-job-contracts';
import { adminKeys } from './keys';

export interface Agreement {
  job_id: number;
  contract_name: string;
  agreement_hash: string;
  text: string;
  signatures: { buyer: Signature | null; seller: Signature | null };
}

/** The agreement as it reads now (its text follows the approved milestones), with its signatures. */
export const getCurrentAgreement = async (jobId: number) => (await api.get<Agreement>(`/job/${jobId}/agreement`)).data;
export const useCurrentAgreement = (jobId: number) =>
  useQuery({ queryKey: adminKeys.agreement(jobId), queryFn: () => getCurrentAgreement(jobId), retry: false });
