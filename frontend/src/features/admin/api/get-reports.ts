import type { AdminReportsView } from '@escrow/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

export type ReportName = 'monthly' | 'held' | 'ageing' | 'disputes' | 'billing-projects' | 'billing-months';
export const reportCsvUrl = (report: ReportName) => `/api/admin/reports/csv?report=${report}`;

const getReports = async () => (await api.get<AdminReportsView>('/admin/reports')).data;
export const useReports = () => useQuery({ queryKey: adminKeys.reports(), queryFn: getReports });
