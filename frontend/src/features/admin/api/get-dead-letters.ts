import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

export interface DeadLetter {
  id: number;
  event_id: string;
  stream_id: string;
  position: string;
  type: string;
  data: Record<string, unknown>;
  error: string;
  failed_at: string;
}

/** The events a stopped projector could not apply. */
export const getDeadLetters = async (name: string) => (await api.get<DeadLetter[]>(`/admin/projections/${encodeURIComponent(name)}/dead-letters`)).data;
export const useDeadLetters = (name: string, enabled: boolean) =>
  useQuery({ queryKey: adminKeys.deadLetters(name), queryFn: () => getDeadLetters(name), enabled });
