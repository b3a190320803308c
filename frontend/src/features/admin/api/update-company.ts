import type { AdminCompanyDetail } from '@escrow/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

export interface CompanyChanges {
  name?: string;
  street?: string;
  city?: string;
  state?: string;
  zip_code?: string;
  phone?: string;
  contact_email?: string;
  website_link?: string;
  license?: string;
  insurance?: string;
  bio?: string;
  services?: string[];
}

export interface CompanyDetail extends Required<Omit<CompanyChanges, 'services'>> {
  company_id: number;
  services: string[];
}

export function useUpdateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...changes }: CompanyChanges & { id: number }) => (await api.put<AdminCompanyDetail>(`/admin/companies/${id}`, changes)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.companies() }),
  });
}
