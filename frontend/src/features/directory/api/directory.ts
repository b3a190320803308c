import type { CompanyView, ServiceName } from '@escrow/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';

/** A member company as the directory answers it (the contract's CompanyView). */
export type Company = CompanyView;

export interface CompanySearch {
  state?: string;
  service?: string;
}

const directoryKeys = {
  all: ['directory'] as const,
  search: (params: CompanySearch) => [...directoryKeys.all, 'search', params.state ?? '', params.service ?? ''] as const,
  company: (id: number) => [...directoryKeys.all, 'company', id] as const,
  companyServices: (id: number) => [...directoryKeys.all, 'company-services', id] as const,
};

export { useServices } from '../../../api/services';

async function searchCompanies(params: CompanySearch): Promise<Company[]> {
  const { data } = await api.get<Company[]>('/companies/search', { params: { state: params.state || undefined, service: params.service || undefined } });
  return [...data].sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }));
}

async function getCompany(id: number): Promise<Company> {
  const { data } = await api.get<Company>(`/company/${id}`);
  return data;
}
const companyQuery = (id: number) => queryOptions({ queryKey: directoryKeys.company(id), queryFn: () => getCompany(id), staleTime: 60_000 });
export const useCompany = (id: number) => useQuery(companyQuery(id));

async function getCompanyServices(id: number): Promise<ServiceName[]> {
  const { data } = await api.get<ServiceName[]>(`/company/services/${id}`);
  return data;
}
const companyServicesQuery = (id: number) =>
  queryOptions({ queryKey: directoryKeys.companyServices(id), queryFn: () => getCompanyServices(id), staleTime: 60_000 });
export const useCompanyServices = (id: number) => useQuery(companyServicesQuery(id));

/**
 * The contractor list's search (docs/product.md#contractor-search): when nothing matches, the full list is loaded
 * instead and flagged, so the screen can say so.
 */
async function searchWithFallback(params: CompanySearch): Promise<{ companies: Company[]; fellBack: boolean }> {
  const found = await searchCompanies(params);
  if (found.length > 0 || (!params.state && !params.service)) return { companies: found, fellBack: false };
  return { companies: await searchCompanies({}), fellBack: true };
}
export const contractorListQuery = (params: CompanySearch) =>
  queryOptions({ queryKey: [...directoryKeys.search(params), 'with-fallback'] as const, queryFn: () => searchWithFallback(params), staleTime: 60_000 });
