import type { AgreementView } from '@escrow/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** The agreement as it reads now (its text follows the approved milestones), with its signatures: the AgreementView the portal reads too. */
const getCurrentAgreement = async (jobId: number) => (await api.get<AgreementView>(`/job/${jobId}/agreement`)).data;
export const useCurrentAgreement = (jobId: number) =>
  useQuery({ queryKey: adminKeys.agreement(jobId), queryFn: () => getCurrentAgreement(jobId), retry: false });
