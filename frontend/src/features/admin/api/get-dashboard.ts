import type { AdminDashboardView } from '@escrow/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

const getDashboard = async () => (await api.get<AdminDashboardView>('/admin/dashboard')).data;
export const useDashboard = () => useQuery({ queryKey: adminKeys.dashboard(), queryFn: getDashboard, refetchInterval: 10_000 });
