import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

export interface Application {
  application_id: number;
  company_name: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  street: string | null;
  city: string;
  state: string;
  zip_code: string | null;
  services: string[];
  license: string | null;
  insurance: string | null;
  website_link: string | null;
  message: string | null;
  status: 'pending' | 'approved' | 'rejected';
  company_id: number | null;
  created_at: string;
  decided_at: string | null;
}

export const getApplications = async () => (await api.get<Application[]>('/admin/contractor-applications')).data;
export const useApplications = () => useQuery({ queryKey: adminKeys.applications(), queryFn: getApplications });
