import type { CompanyTeam } from '@escrow/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { teamKeys } from './keys';

/** A company's members and pending invitations, for administrators (`GET /api/admin/companies/:companyId/team`). */
async function getCompanyTeam(companyId: number): Promise<CompanyTeam> {
  const { data } = await api.get<CompanyTeam>(`/admin/companies/${companyId}/team`);
  return data;
}

export const useCompanyTeam = (companyId: number) => useQuery({ queryKey: teamKeys.ofCompany(companyId), queryFn: () => getCompanyTeam(companyId) });
