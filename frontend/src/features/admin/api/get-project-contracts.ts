import type { SignedContractRow } from '@escrow/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** Every agreement text of a project that someone signed, with who signed it. */
const getContracts = async (projectId: number) => (await api.get<SignedContractRow[]>(`/admin/job/${projectId}/contracts`)).data;
export const useContracts = (projectId: number) => useQuery({ queryKey: adminKeys.contracts(projectId), queryFn: () => getContracts(projectId) });
