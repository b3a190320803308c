import type { RawEventView } from '@escrow/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

const getEvents = async (projectId: number) => (await api.get<RawEventView[]>(`/admin/job/${projectId}/events`)).data;
export const useEvents = (projectId: number) => useQuery({ queryKey: adminKeys.events(projectId), queryFn: () => getEvents(projectId) });
