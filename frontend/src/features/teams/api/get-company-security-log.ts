import type { CompanySecurityLogPage } from '@escrow/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { teamKeys } from './keys';

/**
 * The company's security log for its owners (issue 37): membership events and the members'
 * sign-ins and step-ups, `GET /api/company/security-log?page=N[&user_id=M]`, newest first.
 */
async function getCompanySecurityLog(page: number, userId: number | null): Promise<CompanySecurityLogPage> {
  const { data } = await api.get<CompanySecurityLogPage>('/company/security-log', { params: userId === null ? { page } : { page, user_id: userId } });
  return data;
}

export const useCompanySecurityLog = (page: number, userId: number | null, enabled: boolean) =>
  useQuery({
    queryKey: teamKeys.securityLog(page, userId),
    queryFn: () => getCompanySecurityLog(page, userId),
    placeholderData: keepPreviousData,
    enabled,
  });
