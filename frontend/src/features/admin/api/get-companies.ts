import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

export interface AdminCompany {
  company_id: number;
  name: string;
  city: string | null;
  state: string | null;
  kind: string;
  created_at: string;
  services: string[];
  users: number;
}

export const getCompanies = async () => (await api.get<AdminCompany[]>('/admin/companies')).data;
export const useCompanies = () => useQuery({ queryKey: adminKeys.companies(), queryFn: getCompanies });
