import type { SignedAgreementView } from '@escrow/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** A signed agreement by its document name (/admin/signed/{contract_name}). */
const getSignedAgreement = async (name: string) => (await api.get<SignedAgreementView>(`/agreements/${encodeURIComponent(name)}`)).data;
export const useSignedAgreement = (name: string) => useQuery({ queryKey: adminKeys.signed(name), queryFn: () => getSignedAgreement(name), retry: false });
