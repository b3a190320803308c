import type { AdminSecurityLogPage, SecurityLogPage } from '@escrow/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { securityKeys } from './types';

async function getSecurityLog(page: number): Promise<SecurityLogPage> {
  const { data } = await api.get<SecurityLogPage>('/account/security-log', { params: { page } });
  return data;
}

export const useSecurityLog = (page: number) =>
  useQuery({ queryKey: securityKeys.log(page), queryFn: () => getSecurityLog(page), placeholderData: keepPreviousData });

/** Everyone's log, for administrators: `GET /api/admin/security-log?user_id=&kind=&page=`. */
async function getAdminSecurityLog(filters: { userId: string; kind: string; page: number }): Promise<AdminSecurityLogPage> {
  const params: Record<string, string | number> = { page: filters.page };
  if (filters.userId.trim()) params.user_id = filters.userId.trim();
  if (filters.kind.trim()) params.kind = filters.kind.trim();
  const { data } = await api.get<AdminSecurityLogPage>('/admin/security-log', { params });
  return data;
}

export const useAdminSecurityLog = (filters: { userId: string; kind: string; page: number }) =>
  useQuery({ queryKey: securityKeys.adminLog(filters), queryFn: () => getAdminSecurityLog(filters), placeholderData: keepPreviousData });
