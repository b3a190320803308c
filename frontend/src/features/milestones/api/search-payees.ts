import type { CompanyNameMatch } from '@escrow/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';

/** A company found by name (the contract's CompanyNameMatch). */
export type CompanyMatch = CompanyNameMatch;

const payeeSearchKeys = {
  all: ['companies', 'by-name'] as const,
  text: (text: string) => [...payeeSearchKeys.all, text] as const,
};

/** Companies whose name contains the text (GET /api/companies/search/{text}); nothing before a word is typed. */
const searchCompanies = async (text: string) =>
  (await api.get<CompanyMatch[]>(`/companies/search/${encodeURIComponent(text.trim())}`, { params: { exclude_current_user: false } })).data;

export const usePayeeSearch = (text: string) =>
  useQuery({
    queryKey: payeeSearchKeys.text(text.trim().toLowerCase()),
    queryFn: () => searchCompanies(text),
    enabled: text.trim().length >= 2,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
