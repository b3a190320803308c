import type { CompanyNameMatch } from '@escrow/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';

/** Companies whose name contains the text (GET /api/companies/search/{text}): the payees a line may name. */
export const useCompanySearch = (text: string) =>
  useQuery({
    queryKey: ['companies', 'by-name', text.trim().toLowerCase()],
    queryFn: async () =>
      (await api.get<CompanyNameMatch[]>(`/companies/search/${encodeURIComponent(text.trim())}`, { params: { exclude_current_user: false } })).data,
    enabled: text.trim().length >= 2,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
