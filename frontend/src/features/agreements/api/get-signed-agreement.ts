import type { SignedAgreementView } from '@escrow/domain';
import { useQuery } from '@tanstack/react-query';

import { projectKeys } from '../../../api/projects';
import { api } from '../../../lib/api-client';

export const useSignedAgreement = (name: string) =>
  useQuery({ queryKey: projectKeys.signed(name), queryFn: async () => (await api.get<SignedAgreementView>(`/agreements/${encodeURIComponent(name)}`)).data });
