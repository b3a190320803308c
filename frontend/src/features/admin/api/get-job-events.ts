import type { RawEventView } from '@escrow/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

const getEvents = async (jobId: number) => (await api.get<RawEventView[]>(`/admin/job/${jobId}/events`)).data;
export const useEvents = (jobId: number) => useQuery({ queryKey: adminKeys.events(jobId), queryFn: () => getEvents(jobId) });
