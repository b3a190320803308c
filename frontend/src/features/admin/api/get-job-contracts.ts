import type { SignedContractRow } from '@escrow/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** Every agreement text of a project that someone signed, with who signed it. */
const getContracts = async (jobId: number) => (await api.get<SignedContractRow[]>(`/admin/job/${jobId}/contracts`)).data;
export const useContracts = (jobId: number) => useQuery({ queryKey: adminKeys.contracts(jobId), queryFn: () => getContracts(jobId) });
