import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

export interface RawEvent {
  event_id: string;
  stream_id: string;
  revision: number;
  position: string;
  type: string;
  occurred_at: string;
  recorded_at: string;
  actor_id: string | number | null;
  actor_role: string | null;
  data: Record<string, unknown>;
  metadata: Record<string, unknown>;
}

export const getEvents = async (jobId: number) => (await api.get<RawEvent[]>(`/admin/job/${jobId}/events`)).data;
export const useEvents = (jobId: number) => useQuery({ queryKey: adminKeys.events(jobId), queryFn: () => getEvents(jobId) });
