import type { AdminSecurityLogEntry, CompanyRole } from '@escrow/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { teamKeys } from './keys';

/*
 * The company's security log for its owners (issue 37): membership events and the members'
 * sign-ins and step-ups, `GET /api/company/security-log?page=N[&user_id=M]`, newest first.
 * The shapes are the teams contract's (docs: /work/brief/teams-contract.md, backend helper
 * 2026-11-28 21:46); they move to domain/src/api/teams.ts with the backend's route.
 */

/** An entry: the administrators' entry, with the person's role now (null once no longer a member). */
export type CompanySecurityLogEntry = AdminSecurityLogEntry & { member_role: CompanyRole | null };

interface CompanySecurityLogPage {
  entries: CompanySecurityLogEntry[];
  page: number;
  pages: number;
}

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
