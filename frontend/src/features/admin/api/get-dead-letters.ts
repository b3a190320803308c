import type { DeadLetterRow } from '@escrow/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** The events a stopped projector could not apply. */
const getDeadLetters = async (name: string) => (await api.get<DeadLetterRow[]>(`/admin/projections/${encodeURIComponent(name)}/dead-letters`)).data;
export const useDeadLetters = (name: string, enabled: boolean) =>
  useQuery({ queryKey: adminKeys.deadLetters(name), queryFn: () => getDeadLetters(name), enabled });
