import type { AgreementSignatureView, SignedContractRow } from '@escrow/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** The contract's signature, under the name get-current-agreement.ts (another slice's) imports. */
export type Signature = AgreementSignatureView;

/** Every agreement text of a project that someone signed, with who signed it. */
export const getContracts = async (jobId: number) => (await api.get<SignedContractRow[]>(`/admin/job/${jobId}/contracts`)).data;
export const useContracts = (jobId: number) => useQuery({ queryKey: adminKeys.contracts(jobId), queryFn: () => getContracts(jobId) });
