import type { AgreementView } from '@escrow/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** The agreement as it reads now (its text follows the approved milestones), with its signatures: the AgreementView the portal reads too. */
const getCurrentAgreement = async (projectId: number) => (await api.get<AgreementView>(`/job/${projectId}/agreement`)).data;
export const useCurrentAgreement = (projectId: number) =>
  useQuery({ queryKey: adminKeys.agreement(projectId), queryFn: () => getCurrentAgreement(projectId), retry: false });
