import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';
import type { CompanyDetail } from './update-company';

/** A company's full record and its services, for the edit form. */
const getCompany = async (id: number): Promise<CompanyDetail> => {
  const [company, services] = await Promise.all([api.get<Omit<CompanyDetail, 'services'>>(`/company/${id}`), api.get<string[]>(`/company/services/${id}`)]);
  return { ...company.data, services: services.data };
};
export const useCompany = (id: number | null) => useQuery({ queryKey: [...adminKeys.companies(), id], queryFn: () => getCompany(id!), enabled: id !== null });
